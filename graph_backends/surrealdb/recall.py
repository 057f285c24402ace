"""Recall's extra reads on SurrealDB (`RecallRepository`), mixed into `SurrealRepository`."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graph_backends._common.fact_records import fact_from_props
from graph_backends._common.records import (
    dated_within_params,
    epoch_us,
    memory_from_props,
)
from graph_backends._common.widening import FACT_VECTOR_MOST, widened
from graph_backends._shared.recall_reads import RecallReadMethods
from graph_backends.checks import (
    check_dimension,
    check_hub_cap,
    check_leg_k,
    check_recent_page,
)
from graph_backends.surrealdb.steps import EF_SEARCH, check_knn
from graph_backends.surrealdb.surrealql import QueryName
from graph_backends.surrealdb.text import plain_words
from schema import EdgeType, Memory, MemoryFacets, Tenant, parse_memory_id
from schema.facts import Fact, FactHit

Q = QueryName


class SurrealRecallMixin(RecallReadMethods):
    _dimension: int

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> list[float]:
        return [float(x) for x in vector]

    @staticmethod
    def _fact_from_props(props: Mapping[str, Any]) -> Fact:
        return fact_from_props(props)

    if TYPE_CHECKING:  # provided by SurrealRepository

        async def _read(
            self,
            tenant: Tenant,
            name: QueryName,
            params: Mapping[str, Any] | None = None,
            *,
            empty: Any,
            **templates: int,
        ) -> Any: ...

        async def get_memories(
            self, tenant: Tenant, ids: Sequence[str], *, with_embeddings: bool = False
        ) -> list[Memory | None]: ...

    async def memory_facets(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, MemoryFacets]:
        """From the memories read whole: SurrealDB's records come back as one object each,
        so a projection saves nothing worth a second query shape."""
        read = await self.get_memories(tenant, ids)
        return {m.id: MemoryFacets.of(m) for m in read if m is not None}

    async def memories_dated_within(
        self, tenant: Tenant, start: datetime, end: datetime, *, limit: int
    ) -> list[MemoryFacets]:
        check_recent_page(limit)
        params = dated_within_params(start, end, limit)
        rows = await self._read(tenant, Q.MEMORIES_DATED_WITHIN, params, empty=[])
        return [MemoryFacets.of(memory_from_props(r)) for r in rows]

    async def adjacent(
        self, tenant: Tenant, ids: Sequence[str], edge_types: Collection[EdgeType]
    ) -> dict[str, list[str]]:
        if not ids:
            return {}
        rows = await self._read(
            tenant,
            Q.ADJACENT_MEMORIES,
            {"ids": [parse_memory_id(i) for i in ids], "types": sorted(map(str, edge_types))},
            empty=[],
        )
        return {r["id"]: sorted(r["neighbours"]) for r in rows}

    async def adjacent_around(
        self, tenant: Tenant, ids: Sequence[str], edge_type: EdgeType
    ) -> dict[str, list[str]]:
        # Two reads here; the Cypher backends answer it in one.
        first = await self.adjacent(tenant, ids, {edge_type})
        around = [n for n in dict.fromkeys(n for m in first.values() for n in m) if n not in first]
        return first | await self.adjacent(tenant, around, {edge_type})

    async def memories_mentioning(
        self, tenant: Tenant, names: Collection[str], limit: int, max_mentions: int | None = None
    ) -> list[str]:
        check_leg_k(limit)
        check_hub_cap("max_mentions", max_mentions)
        wanted = sorted({n.strip().lower() for n in names if n.strip()})
        if max_mentions is not None:  # leave the hubs out, each counted one past the cap
            over = {"over": max_mentions + 1}
            counted = [
                await self._read(tenant, Q.MENTION_COUNT, {"name": n, **over}, empty=[])
                for n in wanted
            ]
            wanted = [n for n, ids in zip(wanted, counted, strict=True) if len(ids) <= max_mentions]
        if not wanted:
            return []
        rows = await self._read(
            tenant, Q.MEMORIES_MENTIONING, {"names": wanted, "limit": limit}, empty=[]
        )
        return [r["id"] for r in rows]

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        check_dimension(vector, self._dimension)
        params = {"vector": [float(x) for x in vector], "at": epoch_us(at)}

        async def read(fetch: int) -> tuple[int, list[FactHit]]:
            rows = await self._read(
                tenant,
                Q.FACT_VECTOR_SEARCH,
                params,
                empty=[],
                k=fetch,
                ef=max(fetch, EF_SEARCH),
            )
            check_knn(rows, tenant, "fact_vector_embedding")
            hits = [
                FactHit(r["id"], r["source"], 1.0 - float(r["distance"]))
                for r in rows
                if r["in_force"]
            ]
            return len(rows), hits

        return list(await widened(read, k, most=FACT_VECTOR_MOST))[:k]

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        words = plain_words(text)
        if words is None:
            return []
        rows = await self._read(
            tenant,
            Q.FACT_FULLTEXT_SEARCH,
            {"query": words, "k": k, "at": epoch_us(at)},
            empty=[],
        )
        return [FactHit(r["id"], r["source"], float(r["score"])) for r in rows]
