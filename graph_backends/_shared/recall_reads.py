"""Recall's reads (`RecallRepository`) that are one named read each, the same on every
backend."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graph_backends._common.entity_reach import nearest_first, reach_params
from graph_backends._common.records import (
    align_session_neighbours,
    edge_from_row,
    session_turn_params,
)
from graph_backends._shared.seam import RunsNamedReads, SharedRead
from graph_backends.checks import check_dimension, check_hub_cap, check_leg_k
from schema import EdgeType, MemoryEdge, Tenant, parse_memory_id
from schema.facts import Fact


class RecallReadMethods(RunsNamedReads):
    """`edges_among`, `similarities`, `last_in_sessions`, `session_neighbours`,
    `memories_about_entities` and `facts_of_memories`."""

    _dimension: int

    if TYPE_CHECKING:  # provided by each backend

        @staticmethod
        def _fact_from_props(props: Mapping[str, Any]) -> Fact:
            """A fact from its stored properties, as this backend stores them."""

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

    async def session_neighbours(
        self, tenant: Tenant, turns: Sequence[tuple[str, datetime, str]]
    ) -> list[tuple[tuple[str, datetime] | None, tuple[str, datetime] | None]]:
        if not turns:
            return []
        params = {"turns": session_turn_params(turns)}
        before = await self._read_rows(tenant, SharedRead.PREVIOUS_IN_SESSIONS, params)
        after = await self._read_rows(tenant, SharedRead.NEXT_IN_SESSIONS, params)
        return align_session_neighbours(len(turns), before, after)

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

    async def facts_of_memories(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, list[Fact]]:
        if not ids:
            return {}
        rows = await self._read_rows(tenant, SharedRead.FACTS_OF_MEMORIES, {"ids": list(ids)})
        return {r["id"]: [self._fact_from_props(p) for p in r["facts"]] for r in rows if r["facts"]}
