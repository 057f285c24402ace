"""Reads of the memory graph's edges that are one named read each, the same on every backend."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from graph_backends._common.export import edge_page_params
from graph_backends._common.records import edge_from_row
from graph_backends._shared.seam import RunsNamedReads, SharedRead
from graph_backends._shared.walks import type_names
from graph_backends.protocol import MAX_EXPORT_PAGE
from schema import SUPPORTIVE_TYPES, EdgeKey, EdgeType, MemoryEdge, Tenant, parse_memory_id

_SUPPORTIVE: Final = [str(t) for t in SUPPORTIVE_TYPES]
#: Most ids one read asks about.
_BATCH: Final = 500


class EdgeReadMethods(RunsNamedReads):
    """`incident_edges`, `edges_from`, `edge_page`, `orphans` and `supportive_neighbours`."""

    async def incident_edges(self, tenant: Tenant, memory_id: str) -> list[MemoryEdge]:
        rows = await self._read_rows(
            tenant, SharedRead.INCIDENT_EDGES, {"id": parse_memory_id(memory_id)}
        )
        return sorted((edge_from_row(r) for r in rows), key=lambda e: (e.source, e.target, e.type))

    async def edges_from(self, tenant: Tenant, ids: Sequence[str]) -> list[MemoryEdge]:
        edges: list[MemoryEdge] = []
        wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
        for start in range(0, len(wanted), _BATCH):
            params = {"ids": wanted[start : start + _BATCH], "types": type_names(())}
            rows = await self._read_rows(tenant, SharedRead.EDGES_FROM, params)
            edges.extend(edge_from_row(r) for r in rows)
        return sorted(edges, key=lambda e: (e.source, e.target, e.type))

    async def edge_page(
        self,
        tenant: Tenant,
        edge_types: Collection[EdgeType],
        *,
        limit: int = MAX_EXPORT_PAGE,
        after: EdgeKey | None = None,
    ) -> list[MemoryEdge]:
        params = edge_page_params(edge_types, limit, after)
        rows = await self._read_rows(tenant, SharedRead.EDGE_PAGE, params)
        return [edge_from_row(r) for r in rows]

    async def orphans(self, tenant: Tenant) -> list[str]:
        rows = await self._read_rows(tenant, SharedRead.ORPHANS, {"supportive": _SUPPORTIVE})
        return [r["id"] for r in rows]

    async def supportive_neighbours(self, tenant: Tenant) -> dict[str, list[str]]:
        rows = await self._read_rows(
            tenant, SharedRead.SUPPORTIVE_NEIGHBOURS, {"supportive": _SUPPORTIVE}
        )
        return {r["id"]: list(r["neighbours"]) for r in rows}
