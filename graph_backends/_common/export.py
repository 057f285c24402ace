"""The parameters of the paged export reads (`edge_page`, `tombstone_page`), the same on every
backend: the limit checked once, a keyset cursor unpacked into the values the queries compare."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from graph_backends.checks import check_export_page
from schema import EdgeKey, EdgeType, parse_memory_id


def edge_page_params(
    edge_types: Collection[EdgeType], limit: int, after: EdgeKey | None
) -> dict[str, Any]:
    """All edge types when none are named, as traversals do."""
    check_export_page(limit)
    return {
        "types": sorted(str(t) for t in (edge_types or EdgeType)),
        "after_source": None if after is None else parse_memory_id(after.source),
        "after_target": None if after is None else parse_memory_id(after.target),
        "after_type": None if after is None else str(after.type),
        "limit": limit,
    }


def tombstone_page_params(limit: int, after: str | None) -> dict[str, Any]:
    """`after` None or '' (the first page, as the export's keyset pages start) reads from the
    first tombstone."""
    check_export_page(limit)
    return {"after": parse_memory_id(after) if after else "", "limit": limit}
