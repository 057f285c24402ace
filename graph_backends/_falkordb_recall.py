"""Recall's extra reads on FalkorDB (`RecallRepository`), mixed into `FalkorRepository`."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from cypher import AnyQueryName, QueryName, RecallQueryName
from graph_backends._fact_records import fact_from_props
from graph_backends._records import edge_from_row, epoch_us
from graph_backends._redisearch import plain_text_query
from schema import EdgeType, InvalidInput, MemoryEdge, Tenant, parse_memory_id
from schema.facts import Fact, FactHit

if TYPE_CHECKING:
    pass

R = RecallQueryName
#: Largest candidate list one leg may ask for.
MAX_LEG_K: Final = 1000


def _check_k(k: int) -> None:
    if not 1 <= k <= MAX_LEG_K:
        raise InvalidInput("k", f"{k} is outside 1–{MAX_LEG_K}")


class FalkorRecallMixin:
    _dimension: int

    if TYPE_CHECKING:  # provided by FalkorRepository

        async def _run(
            self,
            tenant: Tenant,
            name: AnyQueryName,
            params: Mapping[str, Any] | None = None,
            *,
            read_only: bool = False,
        ) -> list[dict[str, Any]]: ...

    async def adjacent(
        self, tenant: Tenant, ids: Sequence[str], edge_types: Collection[EdgeType]
    ) -> dict[str, list[str]]:
        if not ids:
            return {}
        rows = await self._run(
            tenant,
            R.ADJACENT_MEMORIES,
            {"ids": [parse_memory_id(i) for i in ids], "types": sorted(map(str, edge_types))},
            read_only=True,
        )
        return {r["id"]: sorted(r["neighbours"]) for r in rows}

    async def edges_among(self, tenant: Tenant, ids: Sequence[str]) -> list[MemoryEdge]:
        if not ids:
            return []
        rows = await self._run(
            tenant,
            QueryName.INDUCED_EDGES,
            {"ids": [parse_memory_id(i) for i in ids], "types": sorted(map(str, EdgeType))},
            read_only=True,
        )
        return sorted((edge_from_row(r) for r in rows), key=lambda e: (e.source, e.target, e.type))

    async def memories_mentioning(
        self, tenant: Tenant, names: Collection[str], limit: int
    ) -> list[str]:
        _check_k(limit)
        wanted = sorted({n.strip().lower() for n in names if n.strip()})
        if not wanted:
            return []
        rows = await self._run(
            tenant, R.MEMORIES_MENTIONING, {"names": wanted, "limit": limit}, read_only=True
        )
        return [r["id"] for r in rows]

    async def last_in_sessions(self, tenant: Tenant, sessions: Collection[str]) -> dict[str, str]:
        if not sessions:
            return {}
        rows = await self._run(
            tenant, R.LAST_IN_SESSIONS, {"sessions": sorted(set(sessions))}, read_only=True
        )
        return {r["session"]: r["id"] for r in rows if r["id"] is not None}

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        _check_k(k)
        if len(vector) != self._dimension:
            raise InvalidInput(
                "vector", f"has {len(vector)} dimensions; the index has {self._dimension}"
            )
        # Over-fetch: the same FalkorDB reload defect as memories (ADR 0002), and the
        # effective-at filter runs after the index.
        rows = await self._run(
            tenant,
            R.FACT_VECTOR_SEARCH,
            {"k": 4 * k + 1, "vector": list(vector), "at": epoch_us(at)},
            read_only=True,
        )
        hits: dict[str, FactHit] = {}
        for r in rows:
            if r["id"] not in hits:
                hits[r["id"]] = FactHit(r["id"], r["source"], 1.0 - float(r["distance"]))
        return list(hits.values())[:k]

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        _check_k(k)
        query = plain_text_query(text)
        if query is None:
            return []
        rows = await self._run(
            tenant,
            R.FACT_FULLTEXT_SEARCH,
            {"query": query, "k": k, "at": epoch_us(at)},
            read_only=True,
        )
        return [FactHit(r["id"], r["source"], float(r["score"])) for r in rows]

    async def facts_of_memories(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, list[Fact]]:
        if not ids:
            return {}
        rows = await self._run(tenant, R.FACTS_OF_MEMORIES, {"ids": list(ids)}, read_only=True)
        return {r["id"]: [fact_from_props(p) for p in r["facts"]] for r in rows}

    async def memories_about_entities(
        self, tenant: Tenant, entity_ids: Collection[str], at: datetime, limit: int
    ) -> dict[str, int]:
        _check_k(limit)
        if not entity_ids:
            return {}
        rows = await self._run(
            tenant,
            R.MEMORIES_ABOUT_ENTITIES,
            {"entities": sorted(set(entity_ids)), "at": epoch_us(at), "limit": limit},
            read_only=True,
        )
        return {r["id"]: int(r["hops"]) for r in rows}
