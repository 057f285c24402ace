"""Recall's reads (`RecallRepository`) that are one named read each, the same on every
backend."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from graph_backends._common.entity_reach import nearest_first, reach_params
from graph_backends._common.records import edge_from_row
from graph_backends._shared.seam import RunsNamedReads, SharedRead
from graph_backends.checks import check_dimension, check_hub_cap, check_leg_k
from schema import EdgeType, MemoryEdge, Tenant, parse_memory_id


class RecallReadMethods(RunsNamedReads):
    """`edges_among`, `similarities`, `last_in_sessions` and `memories_about_entities`."""

    _dimension: int

    async def edges_among(
        self,
        tenant: Tenant,
        ids: Sequence[str],
        edge_types: Collection[EdgeType] = frozenset(EdgeType),
    ) -> list[MemoryEdge]:
        if not ids or not edge_types:
            return []
        rows = await self._read_rows(
            tenant,
            SharedRead.INDUCED_EDGES,
            {"ids": [parse_memory_id(i) for i in ids], "types": sorted(map(str, edge_types))},
        )
        return sorted((edge_from_row(r) for r in rows), key=lambda e: (e.source, e.target, e.type))

    async def similarities(
        self, tenant: Tenant, ids: Sequence[str], vector: Sequence[float]
    ) -> dict[str, float]:
        if not ids:
            return {}
        check_dimension(vector, self._dimension)
        rows = await self._read_rows(
            tenant,
            SharedRead.MEMORY_SIMILARITIES,
            {"ids": [parse_memory_id(i) for i in ids], "vector": self._vector_param(vector)},
        )
        return {r["id"]: float(r["similarity"]) for r in rows}

    async def last_in_sessions(self, tenant: Tenant, sessions: Collection[str]) -> dict[str, str]:
        if not sessions:
            return {}
        rows = await self._read_rows(
            tenant, SharedRead.LAST_IN_SESSIONS, {"sessions": sorted(set(sessions))}
        )
        return {r["session"]: r["id"] for r in rows if r["id"] is not None}

    async def memories_about_entities(
        self,
        tenant: Tenant,
        entity_ids: Collection[str],
        at: datetime,
        limit: int,
        max_facts: int | None = None,
    ) -> dict[str, int]:
        check_leg_k(limit)
        check_hub_cap("max_facts", max_facts)
        if not entity_ids:
            return {}

        async def read(params: dict[str, Any]) -> list[dict[str, Any]]:
            return await self._read_rows(tenant, SharedRead.MEMORIES_ABOUT_ENTITIES, params)

        rows = await nearest_first(read, reach_params(entity_ids, at, limit, max_facts))
        return {r["id"]: int(r["hops"]) for r in rows}
