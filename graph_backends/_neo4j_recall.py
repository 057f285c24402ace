"""Recall's extra reads on Neo4j (`RecallRepository`), mixed into `Neo4jRepository`.

Fact search uses shared indexes like memory search (ADR 0007): the full-text query names its
tenant inside Lucene, and the vector search over-fetches from the global HNSW index until it
holds k of the tenant's facts effective at the instant, with the cosine recomputed exactly.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from cypher import QueryName, RecallQueryName
from graph_backends._neo4j_facts import fact_from_node
from graph_backends._neo4j_fulltext import lucene_query
from graph_backends._records import edge_from_row, epoch_us
from schema import EdgeType, InvalidInput, MemoryEdge, Tenant, parse_memory_id
from schema.facts import Fact, FactHit

if TYPE_CHECKING:
    from cypher import AnyQueryName

R = RecallQueryName
#: Largest candidate list one leg may ask for (the same bound on every backend).
MAX_LEG_K: Final = 1000
#: The fact vector index spans every tenant and the effective-at filter runs after it: ask for
#: this many times k at first, and this many times more each round (as for memories).
_VECTOR_OVERFETCH: Final = 4


def _check_k(k: int) -> None:
    if not 1 <= k <= MAX_LEG_K:
        raise InvalidInput("k", f"{k} is outside 1–{MAX_LEG_K}")


class Neo4jRecallMixin:
    _dimension: int

    if TYPE_CHECKING:  # provided by Neo4jRepository

        async def _run(
            self,
            tenant: Tenant | None,
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
        # Widen the request until k of the tenant's effective facts are among the candidates,
        # or the index returned fewer than asked for (it has nothing more to give).
        fetch = _VECTOR_OVERFETCH * k
        while True:
            (row,) = await self._run(
                tenant,
                R.FACT_VECTOR_SEARCH,
                {"k": fetch, "vector": list(vector), "at": epoch_us(at)},
                read_only=True,
            )
            hits: list[dict[str, Any]] = row["hits"]
            if len(hits) >= k or int(row["candidates"]) < fetch:
                break
            fetch *= _VECTOR_OVERFETCH
        # Neo4j normalises cosine to (1 + cos) / 2; the leg ranks by the cosine itself.
        ranked = sorted(hits, key=lambda h: (-float(h["similarity"]), h["id"]))
        return [
            FactHit(h["id"], h["source"], 2.0 * float(h["similarity"]) - 1.0) for h in ranked[:k]
        ]

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        _check_k(k)
        query = lucene_query(text, tenant, field="text")
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
        return {r["id"]: [fact_from_node(p) for p in r["facts"]] for r in rows}

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
