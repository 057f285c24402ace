"""The conflicts the storage contract answers, worded once for every backend."""

from __future__ import annotations

from schema import Conflict


def superseded_already(memory_id: str, successor: str | None) -> Conflict:
    """What an amendment of a memory that is superseded already answers (`store_amendment`)."""
    return Conflict(
        f"memory {memory_id} was already superseded by {successor}; amend that one instead"
    )
