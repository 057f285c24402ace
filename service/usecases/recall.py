"""Hybrid recall (docs/design.md §7): independent legs fused by rank, a lifecycle mask by intent and
instant, ranking by the engine's ranker (`service.engine.ranker`), a similarity floor with
backfill, and reactivation.

Legs, each a ranked list of memory ids, run concurrently:
- `vector`: the memory vector index; `fulltext`: the memory full-text index (plain words);
- `fact_vector`, `fact_fulltext`: facts effective at the instant, mapped to the memories that
  assert them;
- `graph`: entities named in the query → memories asserting facts about them or about entities
  up to two open RELATES hops away, memories that name them, then one hop over supportive edges;
- `category`: among the candidates, the predicted category's memories by similarity;
- `neighbours`: the turns up to two steps from the best candidates in their session
  (TEMPORAL_SEQUENCE);
- `temporal`: when the query names a time ("last week", "in May 2023": `engine.temporal`), the
  memories whose event instant (event time, else creation) lies in that window — the newest
  `recall_temporal_scan` created in it and the vector and full-text legs' hits in it — ranked
  by similarity to the query and full-text rank fused; a query naming no time runs nothing;
- `window`: the full-text scores smoothed over each turn's session window (its own score plus
  half of each score two turns either side), so a question answered across two turns finds the
  turn that only holds half of the words.
A failing leg is logged by name and skipped (`degraded`); recall fails only when all fail.

This module gathers: it runs the legs, reads what the ranker weighs (facets, similarities,
facts, edges, session rings), calls `ranker.rank`, reads the chosen memories whole and makes
them hits (`ranker.answer`). The arithmetic — score = relevance × decay × validity × survival
× co-retrieval, updates ranked above what they update, the floor, backfill and injection — is
the ranker's; every term is kept on the hit for `explain`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Final, Protocol

from graph_backends import Backend
from graph_backends.protocol import MAX_LEG_K
from schema import (
    SUPPORTIVE_TYPES,
    Category,
    EdgeType,
    InvalidInput,
    Memory,
    MemoryEdge,
    MemoryFacets,
    MemoryStatus,
    RetentiaError,
    SearchHit,
    Tenant,
)
from schema.facts import Fact, FactHit, FactQuery, entity_id
from schema.values import MAX_SHORT_TEXT_BYTES, check_text
from service.adapters.embedding import Embedder, Vector
from service.engine import ranker
from service.engine.mentioned_time import overlaps
from service.engine.query import Intent, detect_intent, query_names
from service.engine.ranker import LEGS, TERMS, Leg, RecallHit, Term
from service.engine.ranking import fuse, fused_scores
from service.engine.settings import EngineSettings
from service.engine.supersession import normalise
from service.engine.temporal import Window, event_instant, parse_window
from service.engine.updates import speaker_of
from service.runtime import metrics
from service.usecases.embedder_records import EmbedderGuard

#: The engine's recall vocabulary and hit are re-exported: surfaces, benches and tests import
#: them with the use case.
__all__ = [
    "LEGS",
    "MAX_FACTS",
    "MAX_K",
    "MAX_SEARCH",
    "TERMS",
    "FactRecallHit",
    "Intent",
    "Leg",
    "QueryClassifier",
    "QueryRouter",
    "RecallFailed",
    "RecallHit",
    "RecallRequest",
    "RecallResult",
    "RecallService",
    "SearchFilters",
    "Term",
]

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
#: The legs run at once, in the order their ranks are fused (then neighbours and category).
_GATHERED: Final = (
    Leg.VECTOR,
    Leg.FULLTEXT,
    Leg.WINDOW,
    Leg.FACT_VECTOR,
    Leg.FACT_FULLTEXT,
    Leg.GRAPH,
    Leg.TEMPORAL,
)
MAX_K: Final = 100


@dataclass(frozen=True, slots=True)
class RecallRequest:
    query: str
    k: int = 10
    #: None detects it from the query ("used to", "before", "previously" → historical).
    intent: Intent | None = None
    #: The instant recall answers for (now when unset).
    as_of: datetime | None = None
    #: No reactivation writes (and no cascade) for the hits.
    read_only: bool = False
    #: Legs and ranking terms switched on (all by default; `Leg` and `Term` values); for
    #: ablations and diagnosis.
    legs: frozenset[str] = frozenset(LEGS)
    terms: frozenset[str] = frozenset(TERMS)
    #: Only memories with these statuses / categories (search filters).
    statuses: frozenset[MemoryStatus] | None = None
    categories: frozenset[Category] | None = None


@dataclass
class FactRecallHit:
    """A fact the fact legs found for the query: current (effective at the instant) unless the
    intent is historical, which also brings the earlier values of the same slot."""

    fact: Fact
    #: Reciprocal-rank-fused score over the fact legs (0 for an earlier value brought in).
    score: float
    #: 1-based rank of the fact in each fact leg that returned it.
    legs: dict[Leg, int] = field(default_factory=dict)
    #: Effective at the instant recall answers for (False: an earlier, superseded value).
    current: bool = True


#: Most facts one recall returns.
MAX_FACTS: Final = 20

Ranked = list[str]


@dataclass
class _Legs:
    """What the legs found so far: each one's ranked ids (in the order fusion sums them), the
    legs that failed, and what they read on the way that later steps reuse."""

    ranked: dict[Leg, Ranked]
    failed: dict[Leg, str]
    #: The query's embedding (None when the embedder failed).
    vector: Vector | None
    #: Whether the query's embedding may be compared with the tenant's vectors (the project
    #: records this embedder and no migration mixes two: `EmbedderGuard`).
    comparable: bool
    #: Cosine to the query of the vector leg's hits (the index already computed it).
    scores: dict[str, float]
    #: Session walks done so far (the window leg's serve the neighbour leg's anchors).
    walked: dict[str, list[list[str]]]
    #: Each fact leg's hits, in its order (for the facts recall returns).
    fact_hits: dict[Leg, list[FactHit]]
    holds_facts: asyncio.Future[bool]
    #: Facets already read (a restricted recall reads those of every leg's hits).
    known: dict[str, MemoryFacets] = field(default_factory=dict)


@dataclass
class RecallResult:
    query: str
    intent: Intent
    at: datetime
    hits: list[RecallHit]
    failed_legs: dict[Leg, str] = field(default_factory=dict)
    #: The category the query was routed to, if the classifier was confident.
    category: Category | None = None
    #: The facts matching the query (the fact legs' hits fused by rank), best first.
    facts: list[FactRecallHit] = field(default_factory=list)

    @property
    def degraded(self) -> bool:
        return bool(self.failed_legs)


class RecallFailed(RetentiaError):
    """Every leg failed; the message names each leg's error."""


class QueryRouter(Protocol):
    async def classify_query(self, vector: Sequence[float]) -> Category | None:
        """The category a query is about, or None when unsure."""


class QueryClassifier:
    """Routes no query anywhere (the category leg then contributes nothing)."""

    async def classify_query(self, vector: Sequence[float]) -> Category | None:
        return None


class RecallService:
    def __init__(
        self,
        repository: Backend,
        embedder: Embedder,
        clock: Clock,
        engine: EngineSettings | None = None,
        *,
        classifier: QueryRouter | None = None,
        #: Called with the hits' memories, as just read, unless the recall is read-only.
        reactivate: Callable[[Tenant, Sequence[Memory]], Awaitable[object]] | None = None,
        guard: EmbedderGuard | None = None,
    ) -> None:
        self._repository = repository
        self._embedder = embedder
        self._guard = guard or EmbedderGuard(repository, embedder.name, embedder.dimension)
        self._clock = clock
        self._engine = engine or EngineSettings()
        self._classifier = classifier or QueryClassifier()
        self._reactivate = reactivate
        #: Tenants found to exist; their fact schema is ensured (once per process).
        self._existing: set[Tenant] = set()
        #: Tenants found holding a fact. Kept for the process: facts are rarely all erased, and
        #: a tenant that lost them only runs its fact legs for nothing. A tenant not in it is
        #: asked again on every recall, so another process's first fact counts at once.
        self._with_facts: set[Tenant] = set()

    @property
    def repository(self) -> Backend:
        return self._repository

    @property
    def engine(self) -> EngineSettings:
        return self._engine

    def now(self) -> datetime:
        return self._clock()

    async def _exists(self, tenant: Tenant) -> bool:
        """Whether the tenant exists. A recall of one that does not creates nothing: its legs
        read nothing there and the answer is empty."""
        if tenant in self._existing:
            return True
        if not await self._repository.tenant_exists(tenant):
            return False
        self._existing.add(tenant)
        return True

    async def _holds_facts(self, tenant: Tenant) -> bool:
        """Whether the tenant holds any fact: the fact legs and the facts' survival term read
        nothing on a tenant without (one read of at most one fact instead of three searches)."""
        if tenant in self._with_facts:
            return True
        try:
            if not await self._repository.holds_facts(tenant):
                return False
        except Exception as e:  # the legs then run, and fail or not on their own
            log.debug("recall: could not tell whether %s holds facts: %s", tenant, e)
            return True
        self._with_facts.add(tenant)
        return True

    async def explain_hit(self, tenant: Tenant, memory_id: str, query: str) -> RecallHit | None:
        """How `query` would rank the memory now (read-only): its legs and terms, or None when
        it is not among the best candidates."""
        hit, _ = await self.explain_recall(tenant, memory_id, query)
        return hit

    async def explain_recall(
        self, tenant: Tenant, memory_id: str, query: str
    ) -> tuple[RecallHit | None, list[FactRecallHit]]:
        """`explain_hit`, and the facts the query matches with how each ranked."""
        result = await self.recall(tenant, RecallRequest(query=query, k=MAX_K, read_only=True))
        return next((h for h in result.hits if h.memory.id == memory_id), None), result.facts

    async def recall(
        self, tenant: Tenant, request: RecallRequest, *, pool: int | None = None
    ) -> RecallResult:
        """Run the legs, read what the ranker weighs, rank, read the chosen memories whole.
        `pool`: what each leg returns at most (default `recall_pool`, at least 5k); a
        restricted recall that finds too few admitted candidates asks again with a wider one."""
        check_text("query", request.query, MAX_SHORT_TEXT_BYTES)
        if not 1 <= request.k <= MAX_K:
            raise InvalidInput("k", f"{request.k} is outside 1–{MAX_K}")
        unknown = (request.legs - set(LEGS)) | (request.terms - set(TERMS))
        if unknown:
            raise InvalidInput("legs", f"unknown legs or terms {sorted(unknown)}")
        s = self._engine
        at = request.as_of or self._clock()
        intent = request.intent or detect_intent(request.query)
        ranking = ranker.Ranking(
            query=request.query,
            k=request.k,
            intent=intent,
            at=at,
            terms=request.terms,
            statuses=request.statuses,
            categories=request.categories,
            focus_named=s.recall_focus_named,
        )
        pool = pool or max(s.recall_pool, 5 * request.k)
        if not await self._exists(tenant):
            # Nothing to find and nothing to create. The legs are not asked: on a Neo4j
            # database that never held a tenant the indexes they read do not exist yet.
            return RecallResult(query=request.query, intent=intent, at=at, hits=[])

        legs = await self._run_legs(tenant, request, at, pool)
        if _restricted(request) and not await self._admit(tenant, legs, ranking, pool):
            legs.holds_facts.cancel()
            return await self.recall(tenant, request, pool=min(4 * pool, MAX_LEG_K))
        if Leg.NEIGHBOURS in request.legs:
            await self._add_neighbours(tenant, legs)
        gathered, relations, category = await self._gather(tenant, legs, request, ranking)
        chosen = ranker.rank(gathered, relations, ranking, s)
        read, facts = await asyncio.gather(
            self._repository.get_memories(tenant, [c.memory.id for c in chosen]),
            self._matching_facts(
                tenant,
                {leg: hits for leg, hits in legs.fact_hits.items() if leg in legs.ranked},
                intent,
                at,
            ),
        )
        hits = ranker.answer(chosen, read, ranking, s)
        if not request.read_only and hits and self._reactivate is not None:
            await self._reactivate(tenant, [h.memory for h in hits])
        return RecallResult(
            query=request.query,
            intent=intent,
            at=at,
            hits=hits,
            failed_legs=legs.failed,
            category=category,
            facts=facts,
        )

    async def _run_legs(
        self, tenant: Tenant, request: RecallRequest, at: datetime, pool: int
    ) -> _Legs:
        """The legs that read the store, run at once, each returning at most `pool` ids; the
        legs that read only the query's words start before its embedding is ready. A failed
        leg is named in `failed`; `RecallFailed` when every leg asked for failed."""
        embedding = asyncio.ensure_future(self._embedder.embed([request.query], role="query"))
        names = query_names(request.query)
        #: Each leg's job (gathered in `_GATHERED` order, the order fusion sums them in).
        jobs: dict[Leg, asyncio.Future[Ranked]] = {}
        #: Full-text scores of the text leg's hits (for the window leg).
        text_scores: dict[str, float] = {}
        repo = self._repository
        legs = _Legs(
            ranked={},
            failed={},
            vector=None,
            comparable=False,
            scores={},
            walked={},
            fact_hits={},
            holds_facts=asyncio.ensure_future(self._holds_facts(tenant)),
        )
        holds_facts = legs.holds_facts
        try:
            await repo.ensure_fact_schema(tenant)  # once per tenant and process
            if Leg.FULLTEXT in request.legs or Leg.WINDOW in request.legs:
                text = asyncio.ensure_future(
                    self._scored(repo.fulltext_search(tenant, request.query, pool), text_scores)
                )
                jobs[Leg.FULLTEXT] = text
                if Leg.WINDOW in request.legs:  # starts when the text leg ends, beside the others
                    jobs[Leg.WINDOW] = asyncio.ensure_future(
                        self._window_leg(tenant, text, text_scores, legs.walked)
                    )
            if Leg.FACT_FULLTEXT in request.legs:
                jobs[Leg.FACT_FULLTEXT] = asyncio.ensure_future(
                    self._fact_leg(
                        holds_facts,
                        lambda: repo.fact_fulltext_search(tenant, request.query, at, pool),
                        legs.fact_hits.setdefault(Leg.FACT_FULLTEXT, []),
                    )
                )
            if Leg.GRAPH in request.legs and names:
                jobs[Leg.GRAPH] = asyncio.ensure_future(
                    self._graph_leg(holds_facts, tenant, names, at, pool)
                )
            window = parse_window(request.query, at) if Leg.TEMPORAL in request.legs else None
            if window is not None:  # needs no embedding: starts at once
                scan = asyncio.ensure_future(self._window_scan(tenant, window))
            try:
                (vector,) = await embedding
            except Exception as e:  # the embedder failing costs the legs that need it
                log.warning("recall: embedding the query failed: %s", e)
                for leg in (Leg.VECTOR, Leg.FACT_VECTOR, Leg.CATEGORY):
                    legs.failed[leg] = f"query embedding failed: {e}"
            else:
                legs.vector = vector
                # A project embedded with another model (or being re-embedded) is not searched
                # by vector: those legs fail with the reason, the others answer (`degraded`).
                refusal = await self._guard.search_refusal(tenant)
                legs.comparable = refusal is None
                if refusal is not None:
                    for leg in (Leg.VECTOR, Leg.FACT_VECTOR):
                        if leg in request.legs:
                            _leg_failed(legs.failed, leg, refusal)
                if Leg.VECTOR in request.legs and legs.comparable:
                    jobs[Leg.VECTOR] = asyncio.ensure_future(
                        self._scored(repo.vector_search(tenant, vector, pool), legs.scores)
                    )
                if Leg.FACT_VECTOR in request.legs and legs.comparable:
                    jobs[Leg.FACT_VECTOR] = asyncio.ensure_future(
                        self._fact_leg(
                            holds_facts,
                            lambda: repo.fact_vector_search(tenant, vector, at, pool),
                            legs.fact_hits.setdefault(Leg.FACT_VECTOR, []),
                        )
                    )
            if window is not None:
                jobs[Leg.TEMPORAL] = asyncio.ensure_future(
                    self._temporal_leg(
                        tenant,
                        window,
                        scan,
                        {leg: jobs[leg] for leg in (Leg.VECTOR, Leg.FULLTEXT) if leg in jobs},
                        legs,
                    )
                )
        except BaseException:
            embedding.cancel()
            holds_facts.cancel()
            if window is not None:
                scan.cancel()
            for job in jobs.values():
                job.cancel()
            raise
        jobs = {leg: jobs[leg] for leg in _GATHERED if leg in jobs}
        outcomes = await asyncio.gather(*jobs.values(), return_exceptions=True)
        for leg, outcome in zip(jobs, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                if not isinstance(outcome, Exception):
                    raise outcome
                _leg_failed(legs.failed, leg, outcome)
            else:
                legs.ranked[leg] = outcome
        attempted = set(jobs) | {leg for leg in legs.failed if leg in request.legs}
        if attempted and attempted <= set(legs.failed):
            raise RecallFailed(
                "every recall leg failed: " + "; ".join(f"{k}: {v}" for k, v in legs.failed.items())
            )
        if Leg.FULLTEXT not in request.legs:  # run only to feed the window leg
            legs.ranked.pop(Leg.FULLTEXT, None)
        return legs

    async def _admit(self, tenant: Tenant, legs: _Legs, ranking: ranker.Ranking, pool: int) -> bool:
        """Keep in each leg only the memories the request admits. An instant in the past or a
        filter admits only some memories: each leg's best `pool` may all be newer than the
        instant or filtered out. False (ask the legs again for four times as many) when fewer
        than k are left while a leg was cut at its pool."""
        found = list(dict.fromkeys(i for ids in legs.ranked.values() for i in ids))
        legs.known = await self._repository.memory_facets(tenant, found)
        admitted = {i for i in found if i in legs.known and ranking.admits(legs.known[i])}
        if (
            len(admitted) < ranking.k
            and len(admitted) < len(found)
            and pool < MAX_LEG_K
            and any(len(ids) >= pool for ids in legs.ranked.values())
        ):
            return False
        legs.ranked = {leg: [i for i in ids if i in admitted] for leg, ids in legs.ranked.items()}
        return True

    async def _add_neighbours(self, tenant: Tenant, legs: _Legs) -> None:
        """The neighbour leg: the session turns around the best candidates so far."""
        s = self._engine
        anchors = fuse(legs.ranked, s.recall_rrf_k, s.recall_leg_weights)[
            : s.recall_neighbour_anchors
        ]
        try:
            legs.ranked[Leg.NEIGHBOURS] = await self._neighbour_leg(tenant, anchors, legs.walked)
        except Exception as e:
            _leg_failed(legs.failed, Leg.NEIGHBOURS, e)

    async def _gather(
        self, tenant: Tenant, legs: _Legs, request: RecallRequest, ranking: ranker.Ranking
    ) -> tuple[ranker.Gathered, ranker.Relations, Category | None]:
        """What the ranker weighs, read for the best candidates by fused rank: their facets,
        similarities, facts and the edges among them; with the updates term their SUPERSEDES
        neighbours too (read with the candidates, in one round of reads instead of a second
        after the ranking), and the session rings around each memory an update may demote.
        Adds the category leg (it ranks the candidates of the predicted category)."""
        s = self._engine
        repo = self._repository
        k = ranking.k
        order = fuse(legs.ranked, s.recall_rrf_k, s.recall_leg_weights)[: max(3 * k + 20, 4 * k)]
        superseding = (
            await repo.adjacent(tenant, order, {EdgeType.SUPERSEDES})
            if ranking.prefers_updates and order
            else {}
        )
        outside = sorted({n for m in order for n in superseding.get(m, ())} - set(order))
        reach = [*order, *outside]
        # Candidates the vector leg did not score get their similarity from the engine; the
        # reads are independent, so they run at once. Candidates are ranked by their facets;
        # only the chosen are read whole.
        unscored = [i for i in reach if i not in legs.scores]
        # Adjacency in a session is not evidence of shared meaning.
        meaningful = (
            set(EdgeType) - {EdgeType.TEMPORAL_SEQUENCE}
            if Term.CO_RETRIEVAL in ranking.terms
            else set()
        )
        among = meaningful | ({EdgeType.SUPERSEDES} if any(superseding.values()) else set())
        read, computed, facts, edges, speakers = await asyncio.gather(
            self._facets(tenant, reach, legs.known),
            repo.similarities(tenant, unscored, legs.vector)
            if unscored and legs.vector is not None and legs.comparable
            else _no_scores(),
            self._facts_of(legs.holds_facts, tenant, order),
            repo.edges_among(tenant, reach, among) if among else _no_edges(),
            # A set question ranks the named person's own statements first (`ranker.focus`).
            self._speakers(tenant, order) if ranking.enumerates else _no_speakers(),
        )
        similarity = {i: legs.scores.get(i, computed.get(i, 0.0)) for i in reach}
        category: Category | None = None
        if Leg.CATEGORY in request.legs and legs.vector is not None:
            try:
                category = await self._classifier.classify_query(legs.vector)
            except Exception as e:
                legs.failed[Leg.CATEGORY] = f"{type(e).__name__}: {e}"
            if category is not None:
                legs.ranked[Leg.CATEGORY] = sorted(
                    (i for i in order if i in read and read[i].category is category),
                    key=lambda i: (-similarity[i], i),
                )
        gathered = ranker.Gathered(
            order=order,
            legs=legs.ranked,
            facets=read,
            similarity=similarity,
            facts=facts,
            speakers=speakers,
        )
        relations = ranker.Relations(edges=edges, superseding=superseding)
        demotable = ranker.demotable(gathered, relations, ranking, s)
        if demotable:
            rings = {m: legs.walked[m] for m in demotable if m in legs.walked}
            rings |= await self._session_walk(
                tenant, [m for m in demotable if m not in legs.walked]
            )
            relations = replace(relations, rings=rings)
        return gathered, relations, category

    async def _speakers(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, str | None]:
        """Who said each memory: the name its text starts with (`speaker_of`), read whole."""
        read = await self._repository.get_memories(tenant, ids)
        return {m.id: speaker_of(m.content) for m in read if m is not None}

    async def _matching_facts(
        self, tenant: Tenant, legs: Mapping[Leg, Sequence[FactHit]], intent: Intent, at: datetime
    ) -> list[FactRecallHit]:
        """The facts the fact legs found, fused by rank (the legs read only facts effective at
        `at`), best `MAX_FACTS`; with historical intent, each slot's earlier values up to `at`
        follow the current one, newest first (they match the same subject and predicate)."""
        ranks = {leg: list(dict.fromkeys(h.fact_id for h in hits)) for leg, hits in legs.items()}
        fused = fused_scores(ranks, self._engine.recall_rrf_k)
        order = sorted(fused, key=lambda i: (-fused[i], i))[:MAX_FACTS]
        if not order:
            return []
        read = await self._repository.get_facts(tenant, order)
        found = [
            FactRecallHit(
                fact=fact,
                score=fused[fact.id],
                legs={leg: ids.index(fact.id) + 1 for leg, ids in ranks.items() if fact.id in ids},
            )
            for fact in read
            if fact is not None and fact.effective_at(at)
        ]
        if intent is not Intent.HISTORICAL:
            return found
        earlier = await self.earlier_values(tenant, [h.fact for h in found], at)
        out: list[FactRecallHit] = []
        seen = {h.fact.id for h in found}
        for hit in found:
            out.append(hit)
            for fact in earlier.get(hit.fact.id, []):
                if fact.id not in seen:
                    seen.add(fact.id)
                    out.append(FactRecallHit(fact=fact, score=0.0, current=False))
        return out

    async def earlier_values(
        self, tenant: Tenant, facts: Sequence[Fact], at: datetime
    ) -> dict[str, list[Fact]]:
        """For each fact, the facts of its slot (subject and predicate) that were effective
        before `at` and are not any more (superseded, retracted or ended), newest first."""
        slots = list(dict.fromkeys((f.subject_key, f.predicate_key) for f in facts))
        read = await asyncio.gather(
            *(
                self._repository.find_facts(
                    tenant, FactQuery(subject=subject, predicate=predicate, end=at, limit=10)
                )
                for subject, predicate in slots
            )
        )
        by_slot = {
            slot: [f for f in found if not f.effective_at(at)]
            for slot, found in zip(slots, read, strict=True)
        }
        return {f.id: by_slot[(f.subject_key, f.predicate_key)] for f in facts}

    async def search(
        self, tenant: Tenant, query: str, filters: SearchFilters, limit: int
    ) -> RecallResult:
        """Read-only hybrid recall with filters; an empty query enumerates by recency."""
        if not 1 <= limit <= MAX_SEARCH:
            raise InvalidInput("limit", f"{limit} is outside 1–{MAX_SEARCH}")
        now = self.now()
        if query.strip():
            result = await self.recall(
                tenant,
                RecallRequest(
                    query=query,
                    k=MAX_K,
                    read_only=True,
                    statuses=filters.statuses,
                    categories=filters.categories,
                ),
            )
            result.hits = [h for h in result.hits if filters.keeps(h.memory)][:limit]
            return result
        hits: list[RecallHit] = []
        after: tuple[datetime, str] | None = None
        for _ in range(50):  # at most 50 pages of 200 scanned for the filters
            page = await self.repository.recent_memories(tenant, limit=200, after=after)
            if not page:
                break
            hits += [
                RecallHit(
                    memory=m,
                    score=0.0,
                    fused=0.0,
                    similarity=0.0,
                    activation=ranker.activation_at(m, now, self._engine),
                )
                for m in page
                if filters.keeps(m)
            ]
            if len(hits) >= limit:
                break
            after = (page[-1].created_at, page[-1].id)
        return RecallResult(query=query, intent=Intent.AUDIT, at=now, hits=hits[:limit])

    async def _facets(
        self, tenant: Tenant, ids: Sequence[str], known: Mapping[str, MemoryFacets]
    ) -> dict[str, MemoryFacets]:
        """The facets of `ids`, in their order, reading only those not `known`."""
        missing = [i for i in ids if i not in known]
        read = await self._repository.memory_facets(tenant, missing) if missing else {}
        return {i: f for i in ids if (f := known.get(i) or read.get(i)) is not None}

    # -- legs ------------------------------------------------------------------------------

    @staticmethod
    async def _scored(hits: Awaitable[Sequence[SearchHit]], scores: dict[str, float]) -> Ranked:
        """The leg's ids in order, keeping each hit's score (cosine for the vector leg, BM25
        for the text leg) for later use."""
        found = await hits
        for hit in found:
            scores.setdefault(hit.memory_id, hit.score)
        return list(dict.fromkeys(h.memory_id for h in found))

    async def _window_leg(
        self,
        tenant: Tenant,
        text: Awaitable[Ranked],
        scores: Mapping[str, float],
        walked: dict[str, list[list[str]]],
    ) -> Ranked:
        """Each turn near a full-text hit, by its score plus `recall_window_weight` × the
        scores of the hits up to `recall_neighbour_hops` turns away in its session."""
        await text  # its failure is this leg's failure too
        rings = await self._session_walk(tenant, list(scores))
        walked.update(rings)
        window: dict[str, float] = {}
        weight = self._engine.recall_window_weight
        for hit, score in scores.items():
            window[hit] = window.get(hit, 0.0) + score
            for other in (n for ring in rings[hit] for n in ring):
                window[other] = window.get(other, 0.0) + weight * score
        return sorted(window, key=lambda i: (-window[i], i))

    async def _window_scan(self, tenant: Tenant, window: Window) -> dict[str, MemoryFacets]:
        """The facets of the newest `recall_temporal_scan` memories created in `window` (one
        page of `recent_memories` back from its end) whose event instant lies in it, and —
        with `recall_temporal_mentions`, read at the same time — of as many whose words date
        them into it (`memories_dated_within`, one range read of an index)."""
        scan = self._engine.recall_temporal_scan
        if not scan:
            return {}
        nil = "00000000-0000-0000-0000-000000000000"  # before the window's end, not at it
        repo = self._repository
        created, dated = await asyncio.gather(
            repo.recent_memories(tenant, limit=scan, after=(window.end, nil)),
            repo.memories_dated_within(tenant, window.start, window.end, limit=scan)
            if self._engine.recall_temporal_mentions
            else _no_dated(),
        )
        inside = {m.id: MemoryFacets.of(m) for m in created}
        inside = {i: f for i, f in inside.items() if self._in_window(f, window)}
        return inside | {f.id: f for f in dated if f.id not in inside}

    def _in_window(self, facets: MemoryFacets, window: Window) -> bool:
        """Whether the temporal leg admits a memory: its event instant lies in `window`, or
        (`recall_temporal_mentions`) the window its words date it to overlaps it."""
        return window.holds(event_instant(facets.event_time, facets.created_at)) or (
            self._engine.recall_temporal_mentions
            and overlaps(facets.mentioned_start, facets.mentioned_end, window)
        )

    async def _temporal_leg(
        self,
        tenant: Tenant,
        window: Window,
        scan: Awaitable[dict[str, MemoryFacets]],
        searches: Mapping[Leg, Awaitable[Ranked]],
        legs: _Legs,
    ) -> Ranked:
        """The memories whose event instant lies in `window`: those of the window's scan
        (`_window_scan`) and the hits of `searches` (the vector and full-text legs) whose
        facets put them in it, ranked by similarity to the query fused by rank with the
        full-text leg's order among them. A search that failed adds nothing here (its own leg
        reports it). The similarities and the facets of the hits are read at once."""
        repo = self._repository
        outcomes = await asyncio.gather(*searches.values(), return_exceptions=True)
        searched = {
            leg: ranked
            for leg, ranked in zip(searches, outcomes, strict=True)
            if not isinstance(ranked, BaseException)  # the failed leg reports it
        }
        found = list(dict.fromkeys(i for ranked in searched.values() for i in ranked))
        inside = dict(await scan)
        unread = [i for i in found if i not in inside and i not in legs.known]
        compare = legs.vector is not None and legs.comparable
        unscored = [i for i in dict.fromkeys([*inside, *found]) if i not in legs.scores]
        read, computed = await asyncio.gather(
            repo.memory_facets(tenant, unread) if unread else _no_facets(),
            repo.similarities(tenant, unscored, legs.vector)
            if compare and unscored and legs.vector is not None
            else _no_scores(),
        )
        # What was read here is not read again for the ranker (`_gather`).
        legs.known |= {i: f for i, f in read.items() if i not in legs.known}
        for i, cosine in computed.items():
            legs.scores.setdefault(i, cosine)
        for i in found:
            facets = inside.get(i) or legs.known.get(i)
            if facets is not None and self._in_window(facets, window):
                inside[i] = facets
        if not inside:
            return []
        legs.known |= {i: f for i, f in inside.items() if i not in legs.known}
        # Newest first breaks ties and orders all when the query has no embedding to compare.
        order = sorted(inside, key=lambda i: (inside[i].created_at, i), reverse=True)
        ranks: dict[str, list[str]] = {}
        if compare:
            similarity = {i: legs.scores.get(i, -1.0) for i in order}
            ranks["similarity"] = sorted(order, key=lambda i: -similarity[i])
        else:
            ranks["recency"] = order
        if Leg.FULLTEXT in searched:
            ranks["text"] = [i for i in searched[Leg.FULLTEXT] if i in inside]
        fused = fused_scores(ranks, self._engine.recall_rrf_k)
        return sorted(order, key=lambda i: -fused[i])

    async def _session_walk(
        self, tenant: Tenant, starts: Sequence[str]
    ) -> dict[str, list[list[str]]]:
        """For each start, the turns one step away in its session (TEMPORAL_SEQUENCE), then
        two, … up to `recall_neighbour_hops`; one read per two hops (`adjacent_around`)."""
        found: dict[str, list[list[str]]] = {a: [] for a in starts}
        rings = {a: [a] for a in starts}
        adjacent: dict[str, list[str]] = {}
        known: set[str] = set()  # memories whose neighbour list `adjacent` holds (maybe none)
        for _ in range(self._engine.recall_neighbour_hops):
            frontier = sorted({m for ring in rings.values() for m in ring})
            if not frontier:
                break
            unknown = [m for m in frontier if m not in known]
            if unknown:
                adjacent |= await self._repository.adjacent_around(
                    tenant, unknown, EdgeType.TEMPORAL_SEQUENCE
                )
                known.update(unknown, (n for m in unknown for n in adjacent.get(m, [])))
            for start in starts:
                seen = {start, *(n for ring in found[start] for n in ring)}
                ring = dict.fromkeys(n for m in rings[start] for n in adjacent.get(m, []))
                rings[start] = [n for n in ring if n not in seen]
                found[start].append(rings[start])
        return found

    @staticmethod
    async def _fact_leg(
        holds_facts: Awaitable[bool],
        search: Callable[[], Awaitable[Sequence[FactHit]]],
        kept: list[FactHit],
    ) -> Ranked:
        if not await holds_facts:
            return []
        found = await search()
        kept.extend(found)
        return list(dict.fromkeys(h.source for h in found if h.source))

    async def _facts_of(
        self, holds_facts: Awaitable[bool], tenant: Tenant, ids: Sequence[str]
    ) -> dict[str, list[Fact]]:
        """The facts each memory asserts (for their survival term)."""
        if not ids or not await holds_facts:
            return {}
        return await self._repository.facts_of_memories(tenant, ids)

    async def _graph_leg(
        self,
        holds_facts: Awaitable[bool],
        tenant: Tenant,
        names: Sequence[str],
        at: datetime,
        pool: int,
    ) -> Ranked:
        """The memories asserting facts about the entities the query names (or entities two
        RELATES hops from them; not through an entity more than `recall_hub_facts` facts name)
        and the memories whose entity list names them (not a name more than
        `recall_hub_mentions` memories name), then their supportive neighbours. Entities and
        their edges come from facts: on a tenant without any, only the second read runs."""
        repo = self._repository
        keys = {normalise(n) for n in names} - {""}

        async def about_entities() -> dict[str, int]:
            if not await holds_facts:
                return {}
            return await repo.memories_about_entities(
                tenant,
                {entity_id(k) for k in keys},
                at,
                pool,
                self._engine.recall_hub_facts or None,
            )

        hub = self._engine.recall_hub_mentions or None
        about, mentioning = await asyncio.gather(
            about_entities(), repo.memories_mentioning(tenant, names, pool, hub)
        )
        seeds = list(dict.fromkeys([*sorted(about, key=lambda i: (about[i], i)), *mentioning]))
        if not seeds:
            return []
        adjacent = await repo.adjacent(
            tenant, seeds[: self._engine.recall_graph_seeds], SUPPORTIVE_TYPES
        )
        expanded = [n for seed in seeds for n in adjacent.get(seed, [])]
        return list(dict.fromkeys([*seeds, *expanded]))[:pool]

    async def _neighbour_leg(
        self, tenant: Tenant, anchors: Sequence[str], walked: Mapping[str, list[list[str]]]
    ) -> Ranked:
        """The turns up to `recall_neighbour_hops` steps from each anchor in its session,
        better anchors first, nearer turns first. An anchor next to another anchor is listed
        too: a run of adjacent candidates is stronger evidence than a lone one."""
        rings = {a: walked[a] for a in anchors if a in walked}
        rings |= await self._session_walk(tenant, [a for a in anchors if a not in walked])
        return list(dict.fromkeys(n for a in anchors for ring in rings[a] for n in ring))


def _leg_failed(failed: dict[Leg, str], leg: Leg, error: Exception) -> None:
    log.warning("recall leg %s failed: %s", leg, error)
    metrics.RECALL_LEG_FAILURES.labels(leg).inc()
    failed[leg] = f"{type(error).__name__}: {error}"


def _restricted(request: RecallRequest) -> bool:
    """Whether the request admits only some memories: those created by a past instant, or of
    some statuses or categories."""
    return (
        request.as_of is not None or request.statuses is not None or request.categories is not None
    )


async def _no_scores() -> dict[str, float]:
    return {}


async def _no_edges() -> list[MemoryEdge]:
    return []


async def _no_facets() -> dict[str, MemoryFacets]:
    return {}


async def _no_speakers() -> dict[str, str | None]:
    return {}


async def _no_dated() -> list[MemoryFacets]:
    return []


@dataclass(frozen=True, slots=True)
class SearchFilters:
    statuses: frozenset[MemoryStatus] | None = None
    categories: frozenset[Category] | None = None
    #: Memories naming this entity (case-insensitive).
    entity: str | None = None
    #: Created at or after.
    since: datetime | None = None
    #: Accessed (stored or recalled) at or after.
    active_since: datetime | None = None

    def keeps(self, memory: Memory) -> bool:
        if self.statuses is not None and memory.status not in self.statuses:
            return False
        if self.categories is not None and memory.category not in self.categories:
            return False
        if self.entity is not None and normalise(self.entity) not in {
            normalise(e) for e in memory.entities
        }:
            return False
        if self.since is not None and memory.created_at < self.since:
            return False
        last = memory.last_accessed_at or memory.created_at
        return self.active_since is None or last >= self.active_since


#: Most hits one search returns.
MAX_SEARCH: Final = 100
