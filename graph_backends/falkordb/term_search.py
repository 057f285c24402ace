"""Full-text search ranked by BM25 on FalkorDB, term by term, for memories and for facts.

FalkorDB's full-text score has no inverse document frequency, and the union of a sentence's
words makes the index score, and FalkorDB sort, every document holding any of them. So each of
the query's terms is asked on its own (`term_postings`, `fact_term_postings`: its document count
and, when it is selective, its postings), the selective terms' postings are ranked by BM25 here
(`graph_backends._common.bm25`), and only when no selective term lists anything does the
index's own ranking answer: the documents holding all the terms it knows, or, when none does,
any of them. A term seen to be common is remembered as such for a while (`bm25.CommonTerms`), so
its count is not walked again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from cypher import AnyQueryName
from graph_backends._common import bm25
from schema import Tenant

#: Most documents a term may match for its postings to be ranked by BM25: commoner terms weigh
#: little and would ship thousands of ids (at 10,000 memories, a cap of 2,000 cost 12 ms a
#: query, 300 about 2).
POSTINGS_CAP: Final = 300

Row = dict[str, Any]


class RunsQueries(Protocol):
    def __call__(
        self,
        tenant: Tenant,
        name: AnyQueryName,
        params: Mapping[str, Any] | None = None,
        *,
        read_only: bool = False,
    ) -> Awaitable[list[Row]]: ...


@dataclass(frozen=True, slots=True)
class Index:
    """The queries that read one full-text index term by term."""

    #: One term's document count and, when at most `cap`, its postings (`ids`, `lengths`).
    postings: AnyQueryName
    #: The number of documents the index covers (BM25's N).
    corpus: AnyQueryName
    #: The index's own ranking of a query (`query`, `k`): the fallback.
    search: AnyQueryName


@dataclass(frozen=True, slots=True)
class Matches:
    #: (id, BM25 score), best first, at most k; empty when no selective term listed anything.
    ranked: list[tuple[str, float]]
    #: Each selective term's row, as its postings query answered it.
    listed: dict[str, Row]
    #: The query's terms the index holds, in the query's order.
    present: list[str]


async def bm25_matches(
    run: RunsQueries,
    common: bm25.CommonTerms,
    tenant: Tenant,
    scope: str,
    index: Index,
    terms: Sequence[str],
    k: int,
    params: Mapping[str, Any] | None = None,
) -> Matches:
    """The terms' postings (one query a term, sent together with the document count: reads
    issued at once share one socket write), ranked by BM25; `scope` keys what `common`
    remembers; `params` go to every postings query."""
    known = common.known(scope, terms)
    fresh = [t for t in terms if t not in known]
    if not fresh:
        return Matches([], {}, [t for t in terms if t in known])
    count, *per_term = await asyncio.gather(
        run(tenant, index.corpus, read_only=True),
        *(
            run(
                tenant,
                index.postings,
                {"term": t, "cap": POSTINGS_CAP, "over": POSTINGS_CAP + 1, **(params or {})},
                read_only=True,
            )
            for t in fresh
        ),
    )
    found = {t: rows[0] for t, rows in zip(fresh, per_term, strict=True) if rows[0]["df"]}
    common.remember(scope, [t for t, r in found.items() if r["df"] > POSTINGS_CAP])
    listed = {t: r for t, r in found.items() if r["df"] <= POSTINGS_CAP}
    postings = {
        t: bm25.Postings(r["df"], list(zip(r["ids"], r["lengths"], strict=True)))
        for t, r in listed.items()
    }
    ranked = bm25.rank(postings, count[0]["n"], k) if postings else []
    return Matches(ranked, listed, [t for t in terms if t in known or t in found])


async def index_ranked(
    run: RunsQueries,
    tenant: Tenant,
    index: Index,
    present: Sequence[str],
    k: int,
    params: Mapping[str, Any] | None = None,
) -> list[Row]:
    """The index's own ranking of the documents holding every one of `present`, or, when
    none does, any of them. The union alone made the index score, and FalkorDB sort, every
    document holding any term (~25 ms at 250,000 memories, 88 ms at 1M for two or three
    words)."""
    queries = [" ".join(present)] if len(present) > 1 else []
    rows: list[Row] = []
    for query in [*queries, " | ".join(present)]:
        rows = await run(
            tenant, index.search, {"query": query, "k": k, **(params or {})}, read_only=True
        )
        if rows:
            break
    return rows
