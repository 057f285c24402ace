"""Recall's extra reads on FalkorDB (`RecallRepository`), mixed into `FalkorRepository`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from cypher import RecallQueryName
from graph_backends._common import bm25
from graph_backends._common.records import epoch_us
from graph_backends._common.widening import FACT_VECTOR_MOST, widened
from graph_backends._cypher.facts import CypherRecallMethods
from graph_backends.checks import check_dimension, check_leg_k
from graph_backends.falkordb import wire
from graph_backends.falkordb.term_search import Index, bm25_matches, index_ranked
from schema import Tenant
from schema.facts import FactHit

R = RecallQueryName
#: The facts' full-text index, read term by term (`term_search`).
FACT_TEXT: Final = Index(
    postings=R.FACT_TERM_POSTINGS, corpus=R.FACT_CORPUS_SIZE, search=R.FACT_FULLTEXT_SEARCH
)


def fact_terms_scope(tenant: Tenant) -> str:
    """What `bm25.CommonTerms` keeps the fact index's common terms under."""
    return f"{tenant.key}\x00facts"


class FalkorRecallMixin(CypherRecallMethods):
    _dimension: int
    _common_terms: bm25.CommonTerms

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        return wire.float32s(vector)

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        """The facts in force at `at` ranked by BM25 over the query's selective terms, as the
        memory leg is (`term_search`); by the index's own ranking when none lists a fact in
        force."""
        check_leg_k(k)
        terms = bm25.query_terms(text)
        if not terms:
            return []
        when = {"at": epoch_us(at)}
        scope = fact_terms_scope(tenant)
        found = await bm25_matches(
            self._run, self._common_terms, tenant, scope, FACT_TEXT, terms, k, when
        )
        if found.ranked:
            source = {
                i: s
                for row in found.listed.values()
                for i, s in zip(row["ids"], row["sources"], strict=True)
            }
            return [FactHit(i, source[i], score) for i, score in found.ranked]
        if not found.present:
            return []
        rows = await index_ranked(self._run, tenant, FACT_TEXT, found.present, k, when)
        return [FactHit(r["id"], r["source"], float(r["score"])) for r in rows]

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        check_dimension(vector, self._dimension)
        params = {"vector": wire.float32s(vector), "at": epoch_us(at)}

        async def read(fetch: int) -> tuple[int, list[FactHit]]:
            rows = await self._run(
                tenant, R.FACT_VECTOR_SEARCH, {"k": fetch, **params}, read_only=True
            )
            hits: dict[str, FactHit] = {}
            for r in rows:  # nearest first; a fact may come twice (reload defect, ADR 0002)
                if r["in_force"] and r["id"] not in hits:
                    hits[r["id"]] = FactHit(r["id"], r["source"], 1.0 - float(r["distance"]))
            return len(rows), list(hits.values())

        return list(await widened(read, k, most=FACT_VECTOR_MOST))[:k]
