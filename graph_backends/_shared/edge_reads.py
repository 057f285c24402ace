"""Reads of the memory graph's edges that are one named read each, the same on every backend."""

from __future__ import annotations

from typing import Final

from graph_backends._common.records import edge_from_row
from graph_backends._shared.seam import RunsNamedReads, SharedRead
from schema import SUPPORTIVE_TYPES, MemoryEdge, Tenant, parse_memory_id

_SUPPORTIVE: Final = [str(t) for t in SUPPORTIVE_TYPES]


class EdgeReadMethods(RunsNamedReads):
    """`incident_edges`, `orphans` and `supportive_neighbours`."""

    async def incident_edges(self, tenant: Tenant, memory_id: str) -> list[MemoryEdge]:
        rows = await self._read_rows(
            tenant, SharedRead.INCIDENT_EDGES, {"id": parse_memory_id(memory_id)}
        )
        return sorted((edge_from_row(r) for r in rows), key=lambda e: (e.source, e.target, e.type))

    async def orphans(self, tenant: Tenant) -> list[str]:
        rows = await self._read_rows(tenant, SharedRead.ORPHANS, {"supportive": _SUPPORTIVE})
        return [r["id"] for r in rows]

    async def supportive_neighbours(self, tenant: Tenant) -> dict[str, list[str]]:
        rows = await self._read_rows(
            tenant, SharedRead.SUPPORTIVE_NEIGHBOURS, {"supportive": _SUPPORTIVE}
        )
        return {r["id"]: list(r["neighbours"]) for r in rows}
