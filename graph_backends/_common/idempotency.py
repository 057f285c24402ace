"""The idempotency record as every backend stores it: the parameters of a claim and the record
a refused claim answers with (the holder's), so the Cypher and SurrealDB repositories agree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graph_backends._common.records import epoch_us, from_epoch_us
from schema.idempotency import IdempotencyRecord, IdempotencyState


def claim_params(record: IdempotencyRecord) -> dict[str, Any]:
    """The query parameters that claim `record`'s key (instants as epoch microseconds)."""
    return {
        "key": record.key,
        "hash": record.request_hash,
        "plan": record.plan,
        "now": epoch_us(record.claimed_at),
        "expires": epoch_us(record.expires_at),
    }


def held_record(key: str, row: Mapping[str, Any]) -> IdempotencyRecord:
    """The record that already holds `key`, from the row a refused claim returns."""
    return IdempotencyRecord(
        key=key,
        request_hash=row["request_hash"],
        state=IdempotencyState(row["state"]),
        plan=row["plan"],
        answer=row.get("answer"),
        claimed_at=from_epoch_us(row["claimed_at"]),
        expires_at=from_epoch_us(row["expires_at"]),
    )
