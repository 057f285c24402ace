"""Recall's extra reads on Neo4j (`RecallRepository`), mixed into `Neo4jRepository`.

Fact search uses shared indexes like memory search (ADR 0007): the full-text query names its
tenant inside Lucene, and the vector search over-fetches from the global HNSW index until it
holds k of the tenant's facts effective at the instant, with the cosine recomputed exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from cypher import RecallQueryName
from graph_backends._common.records import epoch_us
from graph_backends._common.widening import OVERFETCH, widened
from graph_backends._cypher.facts import CypherRecallMethods
from graph_backends.checks import check_dimension, check_leg_k
from graph_backends.neo4j.fulltext import lucene_query
from schema import Tenant
from schema.facts import FactHit

R = RecallQueryName


class Neo4jRecallMixin(CypherRecallMethods):
    _dimension: int

    @staticmethod
    def _fact_text_query(text: str, tenant: Tenant) -> str | None:
        return lucene_query(text, tenant, field="text")

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        check_dimension(vector, self._dimension)

        # The index spans every tenant: widen the request, without a bound, until k of this
        # tenant's effective facts are among the candidates or the index has no more.
        async def read(fetch: int) -> tuple[int, list[dict[str, Any]]]:
            (row,) = await self._run(
                tenant,
                R.FACT_VECTOR_SEARCH,
                {"k": fetch, "vector": list(vector), "at": epoch_us(at)},
                read_only=True,
            )
            return int(row["candidates"]), row["hits"]

        hits = await widened(read, k, first=OVERFETCH * k)
        # Neo4j normalises cosine to (1 + cos) / 2; the leg ranks by the cosine itself.
        ranked = sorted(hits, key=lambda h: (-float(h["similarity"]), h["id"]))
        return [
            FactHit(h["id"], h["source"], 2.0 * float(h["similarity"]) - 1.0) for h in ranked[:k]
        ]
