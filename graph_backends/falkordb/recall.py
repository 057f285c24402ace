"""Recall's extra reads on FalkorDB (`RecallRepository`), mixed into `FalkorRepository`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from cypher import RecallQueryName
from graph_backends._common.records import epoch_us
from graph_backends._common.redisearch import plain_text_query
from graph_backends._cypher.facts import CypherRecallMethods
from graph_backends.falkordb import wire
from graph_backends.protocol import check_dimension, check_leg_k
from schema import Tenant
from schema.facts import FactHit

R = RecallQueryName


class FalkorRecallMixin(CypherRecallMethods):
    _dimension: int

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        return wire.float32s(vector)

    @staticmethod
    def _fact_text_query(text: str, tenant: Tenant) -> str | None:
        return plain_text_query(text)  # the graph is the tenant

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
