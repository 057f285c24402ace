"""Recall's extra reads on FalkorDB (`RecallRepository`), mixed into `FalkorRepository`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from cypher import RecallQueryName
from graph_backends._common.fact_records import fact_from_props
from graph_backends._common.records import epoch_us
from graph_backends._common.redisearch import plain_text_query
from graph_backends._cypher.facts import CypherRecallMethods
from graph_backends.falkordb import wire
from graph_backends.protocol import check_dimension, check_leg_k
from schema import Tenant
from schema.facts import Fact, FactHit

if TYPE_CHECKING:
    pass

R = RecallQueryName


class FalkorRecallMixin(CypherRecallMethods):
    _dimension: int

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        return wire.float32s(vector)

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        check_dimension(vector, self._dimension)
        # Over-fetch: the same FalkorDB reload defect as memories (ADR 0002), and the
        # effective-at filter runs after the index.
        rows = await self._run(
            tenant,
            R.FACT_VECTOR_SEARCH,
            {"k": 4 * k + 1, "vector": wire.float32s(vector), "at": epoch_us(at)},
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
        check_leg_k(k)
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
