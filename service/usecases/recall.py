"""Hybrid recall (DESIGN §7): independent legs fused by rank, a lifecycle mask by intent and
instant, ranking by the engine, a similarity floor with backfill, and reactivation.

Legs, each a ranked list of memory ids, run concurrently:
- `vector`: the memory vector index; `fulltext`: the memory full-text index (plain words);
- `fact_vector`, `fact_fulltext`: facts effective at the instant, mapped to the memories that
  assert them;
- `graph`: entities named in the query → memories asserting facts about them or about entities
  up to two open RELATES hops away, memories that name them, then one hop over supportive edges;
- `category`: among the candidates, the predicted category's memories by similarity;
- `neighbours`: the turns up to two steps from the best candidates in their session
  (TEMPORAL_SEQUENCE);
- `window`: the full-text scores smoothed over each turn's session window (its own score plus
  half of each score two turns either side), so a question answered across two turns finds the
  turn that only holds half of the words.
A failing leg is logged by name and skipped (`degraded`); recall fails only when all fail.

Ranking: score = relevance (fused, normalised) × decay (category, soft weights, harmonic mean,
with the semantic floor and the blend weight α) × validity (event-time kernel blended with α,
current intent only) × survival
(supersession) × co-retrieval (a small bonus per edge to another result); core and pinned
memories similar enough are injected. Every term is kept on the hit for `explain`.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Final, Protocol

from graph_backends import FactStore
from graph_backends.protocol import MAX_LEG_K
from schema import (
    SUPPORTIVE_TYPES,
    Category,
    EdgeCreator,
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
from service.engine.query import Intent, detect_intent, query_names
from service.engine.ranking import (
    blended_validity,
    category_decay,
    fact_survival,
    fuse,
    fused_scores,
)
from service.engine.settings import EngineSettings
from service.engine.supersession import normalise
from service.engine.updates import Said, own_words_first, restated_first
from service.runtime import metrics

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
LEGS: Final = (
    "vector",
    "fulltext",
    "fact_vector",
    "fact_fulltext",
    "graph",
    "category",
    "neighbours",
    "window",
)
#: The legs run at once, in the order their ranks are fused (then neighbours and category).
_GATHERED: Final = ("vector", "fulltext", "window", "fact_vector", "fact_fulltext", "graph")
TERMS: Final = (
    "decay",
    "validity",
    "survival",
    "co_retrieval",
    "floor",
    "injection",
    "updates",
    "restated",
    "own_words",
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
    #: Legs and ranking terms switched on (all by default); for ablations and diagnosis.
    legs: frozenset[str] = frozenset(LEGS)
    terms: frozenset[str] = frozenset(TERMS)
    #: Only memories with these statuses / categories (search filters).
    statuses: frozenset[MemoryStatus] | None = None
    categories: frozenset[Category] | None = None


@dataclass
class RecallHit:
    memory: Memory
    score: float
    fused: float
    similarity: float
    #: 1-based rank of the memory in each leg that returned it.
    legs: dict[str, int] = field(default_factory=dict)
    #: Each ranking term's value (1.0 = neutral).
    terms: dict[str, float] = field(default_factory=dict)
    injected: bool = False
    #: Kept below the similarity floor only to fill the result to k/2.
    backfilled: bool = False
    #: What it says was updated since: a later candidate updates it (SUPERSEDES), or, for
    #: current intent, it is a turn around such a memory demoted with it.
    updated: bool = False
    #: The candidate that updates it, where one does (the first, oldest, of several).
    updated_by: str | None = None

    @property
    def superseded_by(self) -> str | None:
        return self.memory.superseded_by


@dataclass
class FactRecallHit:
    """A fact the fact legs found for the query: current (effective at the instant) unless the
    intent is historical, which also brings the earlier values of the same slot."""

    fact: Fact
    #: Reciprocal-rank-fused score over the fact legs (0 for an earlier value brought in).
    score: float
    #: 1-based rank of the fact in each fact leg that returned it.
    legs: dict[str, int] = field(default_factory=dict)
    #: Effective at the instant recall answers for (False: an earlier, superseded value).
    current: bool = True


#: Most facts one recall returns.
MAX_FACTS: Final = 20


@dataclass
class _Candidate:
    """A candidate being ranked: a `RecallHit` but for its memory, of which only the facets
    ranking uses are read until it is chosen."""

    memory: MemoryFacets
    fused: float
    similarity: float
    legs: dict[str, int]
    terms: dict[str, float]
    score: float = 0.0
    injected: bool = False
    backfilled: bool = False
    updated: bool = False
    updated_by: str | None = None


@dataclass(frozen=True, slots=True)
class _Related:
    """What the updates ranking reads with the candidates: each candidate's SUPERSEDES
    neighbours, the facets of every memory read (candidates and neighbours), the neighbours'
    similarity to the query and the SUPERSEDES edges among them all."""

    superseding: Mapping[str, Sequence[str]]
    facets: Mapping[str, MemoryFacets]
    similarity: Mapping[str, float]
    updates: Sequence[MemoryEdge]


#: What a chosen candidate hands its hit besides the memory (each field of the same name).
_RANKED: Final = tuple(f.name for f in fields(_Candidate) if f.name != "memory")


@dataclass
class RecallResult:
    query: str
    intent: Intent
    at: datetime
    hits: list[RecallHit]
    failed_legs: dict[str, str] = field(default_factory=dict)
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


Ranked = list[str]


class RecallService:
    def __init__(
        self,
        repository: FactStore,
        embedder: Embedder,
        clock: Clock,
        engine: EngineSettings | None = None,
        *,
        classifier: QueryRouter | None = None,
        #: Called with the hits' memories, as just read, unless the recall is read-only.
        reactivate: Callable[[Tenant, Sequence[Memory]], Awaitable[object]] | None = None,
    ) -> None:
        self._repository = repository
        self._embedder = embedder
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
    def repository(self) -> FactStore:
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
        """`pool`: what each leg returns at most (default `recall_pool`, at least 5k); a
        restricted recall that finds too few admitted candidates asks again with a wider one."""
        check_text("query", request.query, MAX_SHORT_TEXT_BYTES)
        if not 1 <= request.k <= MAX_K:
            raise InvalidInput("k", f"{request.k} is outside 1–{MAX_K}")
        unknown = (request.legs - set(LEGS)) | (request.terms - set(TERMS))
        if unknown:
            raise InvalidInput("legs", f"unknown legs or terms {sorted(unknown)}")
        s = self._engine
        now = self._clock()
        at = request.as_of or now
        intent = request.intent or detect_intent(request.query)
        pool = pool or max(s.recall_pool, 5 * request.k)
        failed: dict[str, str] = {}
        if not await self._exists(tenant):
            # Nothing to find and nothing to create. The legs are not asked: on a Neo4j
            # database that never held a tenant the indexes they read do not exist yet.
            return RecallResult(query=request.query, intent=intent, at=at, hits=[])

        # The legs that read only the query's words start before its embedding is ready.
        embedding = asyncio.ensure_future(self._embedder.embed([request.query]))
        names = query_names(request.query)
        #: Each leg's job (gathered in `_GATHERED` order, the order fusion sums them in).
        jobs: dict[str, asyncio.Future[Ranked]] = {}
        #: Cosine to the query of the vector leg's hits (the index already computed it).
        scores: dict[str, float] = {}
        #: Full-text scores of the text leg's hits (for the window leg).
        text_scores: dict[str, float] = {}
        #: Session walks done so far (the window leg's serve the neighbour leg's anchors).
        walked: dict[str, list[list[str]]] = {}
        #: Each fact leg's hits, in its order (for the facts recall returns).
        fact_hits: dict[str, list[FactHit]] = {}
        repo = self._repository
        vector: Vector | None = None
        holds_facts = asyncio.ensure_future(self._holds_facts(tenant))
        try:
            await repo.ensure_fact_schema(tenant)  # once per tenant and process
            if "fulltext" in request.legs or "window" in request.legs:
                text = asyncio.ensure_future(
                    self._scored(repo.fulltext_search(tenant, request.query, pool), text_scores)
                )
                jobs["fulltext"] = text
                if "window" in request.legs:  # starts when the text leg ends, beside the others
                    jobs["window"] = asyncio.ensure_future(
                        self._window_leg(tenant, text, text_scores, walked)
                    )
            if "fact_fulltext" in request.legs:
                jobs["fact_fulltext"] = asyncio.ensure_future(
                    self._fact_leg(
                        holds_facts,
                        lambda: repo.fact_fulltext_search(tenant, request.query, at, pool),
                        fact_hits.setdefault("fact_fulltext", []),
                    )
                )
            if "graph" in request.legs and names:
                jobs["graph"] = asyncio.ensure_future(
                    self._graph_leg(holds_facts, tenant, names, at, pool)
                )
            try:
                (vector,) = await embedding
            except Exception as e:  # the embedder failing costs the legs that need it
                log.warning("recall: embedding the query failed: %s", e)
                for leg in ("vector", "fact_vector", "category"):
                    failed[leg] = f"query embedding failed: {e}"
            if "vector" in request.legs and vector is not None:
                jobs["vector"] = asyncio.ensure_future(
                    self._scored(repo.vector_search(tenant, vector, pool), scores)
                )
            if "fact_vector" in request.legs and vector is not None:
                jobs["fact_vector"] = asyncio.ensure_future(
                    self._fact_leg(
                        holds_facts,
                        lambda: repo.fact_vector_search(tenant, vector, at, pool),
                        fact_hits.setdefault("fact_vector", []),
                    )
                )
        except BaseException:
            embedding.cancel()
            holds_facts.cancel()
            for job in jobs.values():
                job.cancel()
            raise
        jobs = {leg: jobs[leg] for leg in _GATHERED if leg in jobs}
        outcomes = await asyncio.gather(*jobs.values(), return_exceptions=True)
        ranked: dict[str, Ranked] = {}
        for leg, outcome in zip(jobs, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                if not isinstance(outcome, Exception):
                    raise outcome
                log.warning("recall leg %s failed: %s", leg, outcome)
                metrics.RECALL_LEG_FAILURES.labels(leg).inc()
                failed[leg] = f"{type(outcome).__name__}: {outcome}"
            else:
                ranked[leg] = outcome
        attempted = set(jobs) | {leg for leg in failed if leg in request.legs}
        if attempted and attempted <= set(failed):
            raise RecallFailed(
                "every recall leg failed: " + "; ".join(f"{k}: {v}" for k, v in failed.items())
            )

        if "fulltext" not in request.legs:  # run only to feed the window leg
            ranked.pop("fulltext", None)

        #: Facets already read (a restricted recall reads those of every leg's hits).
        known: dict[str, MemoryFacets] = {}
        if _restricted(request):
            # An instant in the past or a filter admits only some memories: each leg's best
            # `pool` may all be newer than the instant or filtered out. Keep the admitted ones
            # in each leg, and when fewer than k are left while a leg was cut at its pool, ask
            # the legs again for four times as many.
            found = list(dict.fromkeys(i for ids in ranked.values() for i in ids))
            known = await repo.memory_facets(tenant, found)
            admitted = {
                i for i in found if i in known and self._admitted(known[i], request, intent, at)
            }
            if (
                len(admitted) < request.k
                and len(admitted) < len(found)
                and pool < MAX_LEG_K
                and any(len(ids) >= pool for ids in ranked.values())
            ):
                holds_facts.cancel()
                return await self.recall(tenant, request, pool=min(4 * pool, MAX_LEG_K))
            ranked = {leg: [i for i in ids if i in admitted] for leg, ids in ranked.items()}

        # Neighbouring turns of the best candidates so far.
        if "neighbours" in request.legs:
            anchors = fuse(ranked, s.recall_rrf_k)[: s.recall_neighbour_anchors]
            try:
                ranked["neighbours"] = await self._neighbour_leg(tenant, anchors, walked)
            except Exception as e:
                log.warning("recall leg neighbours failed: %s", e)
                metrics.RECALL_LEG_FAILURES.labels("neighbours").inc()
                failed["neighbours"] = f"{type(e).__name__}: {e}"

        order = fuse(ranked, s.recall_rrf_k)[: max(3 * request.k + 20, 4 * request.k)]
        # Candidates the vector leg did not score get their similarity from the engine; the
        # reads are independent, so they run at once. Candidates are ranked by their facets;
        # only the chosen are read whole.
        updating = (
            "updates" in request.terms
            and intent in (Intent.CURRENT, Intent.HISTORICAL)
            and bool(order)
        )
        # The updates ranking needs the memories that update a candidate, or that one
        # updates: found first, they are read with the candidates, in one round of reads
        # instead of a second round of three after the ranking (`_prefer_updates`).
        superseding = await repo.adjacent(tenant, order, {EdgeType.SUPERSEDES}) if updating else {}
        listed = set(order)
        outside = sorted({n for m in order for n in superseding.get(m, ())} - listed)
        reach = [*order, *outside]
        unscored = [i for i in reach if i not in scores]
        # Adjacency in a session is not evidence of shared meaning.
        meaningful = (
            set(EdgeType) - {EdgeType.TEMPORAL_SEQUENCE}
            if "co_retrieval" in request.terms
            else set()
        )
        among = meaningful | ({EdgeType.SUPERSEDES} if any(superseding.values()) else set())
        read, computed, facts, found_edges = await asyncio.gather(
            self._facets(tenant, reach, known),
            repo.similarities(tenant, unscored, vector)
            if unscored and vector is not None
            else _no_scores(),
            self._facts_of(holds_facts, tenant, order),
            repo.edges_among(tenant, reach, among) if among else _no_edges(),
        )
        candidate_facets = {i: read[i] for i in order if i in read}
        edges = [
            e
            for e in found_edges
            if e.type in meaningful and e.source in listed and e.target in listed
        ]
        # Cosine to the query of the candidates and the neighbours the updates ranking may add.
        similarity = {i: scores.get(i, computed.get(i, 0.0)) for i in reach}
        related = _Related(
            superseding=superseding,
            facets=read,
            similarity=similarity,
            updates=[e for e in found_edges if e.type is EdgeType.SUPERSEDES],
        )
        category: Category | None = None
        if "category" in request.legs and vector is not None:
            try:
                category = await self._classifier.classify_query(vector)
            except Exception as e:
                failed["category"] = f"{type(e).__name__}: {e}"
            if category is not None:
                ranked["category"] = sorted(
                    (i for i, m in candidate_facets.items() if m.category is category),
                    key=lambda i: (-similarity[i], i),
                )
        fused = fused_scores(ranked, s.recall_rrf_k)
        candidates: list[_Candidate] = []
        for memory_id in order:
            memory = candidate_facets.get(memory_id)
            if memory is None or not self._admitted(memory, request, intent, at):
                continue
            survival = fact_survival(facts.get(memory_id, []), intent, at, s)
            if survival is None:  # asserted only retracted facts: not current any more
                continue
            if memory.superseded_by is not None and intent is Intent.CURRENT:
                survival *= s.superseded_factor
            candidates.append(
                _Candidate(
                    memory=memory,
                    fused=fused.get(memory_id, 0.0),
                    similarity=similarity.get(memory_id, 0.0),
                    legs={
                        leg: ids.index(memory_id) + 1
                        for leg, ids in ranked.items()
                        if memory_id in ids
                    },
                    terms={"survival": survival},
                )
            )
        if updating:
            await self._prefer_updates(
                tenant, candidates, edges, related, request, intent, at, walked
            )
        else:
            self._rank(candidates, edges, request, intent, at)
        chosen, matched = await asyncio.gather(
            self._read_whole(tenant, _select(candidates, request, s.recall_min_similarity)),
            self._matching_facts(
                tenant, {leg: hits for leg, hits in fact_hits.items() if leg in ranked}, intent, at
            ),
        )
        if "restated" in request.terms and intent is Intent.CURRENT and len(chosen) > 1:
            chosen = restatements_first(request.query, chosen, s)
        if "own_words" in request.terms and len(chosen) > 1:
            chosen = own_words_above_replies(request.query, chosen, s)
        if not request.read_only and chosen and self._reactivate is not None:
            await self._reactivate(tenant, [h.memory for h in chosen])
        return RecallResult(
            query=request.query,
            intent=intent,
            at=at,
            hits=chosen,
            failed_legs=failed,
            category=category,
            facts=matched,
        )

    async def _matching_facts(
        self, tenant: Tenant, legs: Mapping[str, Sequence[FactHit]], intent: Intent, at: datetime
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
                RecallHit(memory=m, score=0.0, fused=0.0, similarity=0.0)
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

    async def _read_whole(self, tenant: Tenant, chosen: Sequence[_Candidate]) -> list[RecallHit]:
        """The chosen candidates as hits, each with its memory read whole (one deleted since
        its facets were read is left out)."""
        read = await self._repository.get_memories(tenant, [c.memory.id for c in chosen])
        return [
            RecallHit(memory=memory, **{f: getattr(c, f) for f in _RANKED})
            for c, memory in zip(chosen, read, strict=True)
            if memory is not None
        ]

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

    # -- mask and ranking ----------------------------------------------------------------------

    async def _prefer_updates(
        self,
        tenant: Tenant,
        candidates: list[_Candidate],
        edges: Sequence[MemoryEdge],
        related: _Related,
        request: RecallRequest,
        intent: Intent,
        at: datetime,
        walked: Mapping[str, list[list[str]]],
    ) -> None:
        """Rank the candidates, then, for current intent, each memory a later one updates
        (SUPERSEDES: written by amend, by the fact layer or by the update detector) ranks
        below its update. A detected update (issue 51) is evidence too weak to remove
        anything: the update moves to just above the stale memory, which keeps its score, so
        every other candidate moves down one place at most. A written one (amend, the fact
        layer) demotes: the stale memory keeps 1 − c × (1 − `recall_updated_factor`) of its
        score (c: the edge's weight) and the update takes its score if that is higher —
        brought in from outside the candidates when the stale one matched better; the turns
        around it in its session (`recall_neighbour_hops` either side), which the window and
        neighbour legs lifted for its sake, are demoted with it.
        Memories nobody updated, and the turns around them, keep their score: a stable fact
        stated once is never demoted. Historical intent is the mirror: it asks for an earlier
        value, so the current one — an update no candidate updated in turn — ranks below what it
        updated, the earlier one takes its score and is brought in when only the update
        matched, and the turns around the current one are demoted with it; between earlier
        values relevance decides. `related`: the SUPERSEDES neighbours of the
        candidates (and of the memories the mask left out), with their facets, similarities
        and the SUPERSEDES edges among them all, read with the candidates'; only the session
        walk around the demoted memories is read here."""
        ids = [c.memory.id for c in candidates]
        adjacent = {m: related.superseding[m] for m in ids if related.superseding.get(m)}
        outside = sorted({n for m in ids for n in adjacent.get(m, [])} - set(ids))
        updates: list[MemoryEdge] = []
        if adjacent:
            near = {*ids, *outside}
            updates = [e for e in related.updates if e.source in near and e.target in near]
            for memory_id in outside:
                memory = related.facets.get(memory_id)
                if memory is not None and self._admitted(memory, request, intent, at):
                    candidates.append(
                        _Candidate(
                            memory=memory,
                            fused=0.0,
                            similarity=float(related.similarity.get(memory_id, 0.0)),
                            legs={},
                            terms={"survival": 1.0},
                        )
                    )
        self._rank(candidates, edges, request, intent, at)
        earlier = intent is Intent.HISTORICAL
        listed = {c.memory.id for c in candidates}
        # The session turns around each memory that may rank below another: a detected update
        # is placed above them, a written one demotes them.
        demotable = sorted({e.source if earlier else e.target for e in updates} & listed)
        rings = {m: walked[m] for m in demotable if m in walked}
        rings |= await self._session_walk(tenant, [m for m in demotable if m not in walked])
        kept = prefer_updates(
            candidates, updates, self._engine.recall_updated_factor, earlier=earlier, rings=rings
        )
        if kept:
            preferred = {e.target if earlier else e.source for e in updates}
            around = demote_stale_sessions(candidates, preferred, kept, rings)
            if not earlier:  # the turns around a stale statement: previous with it
                for candidate in candidates:
                    candidate.updated |= candidate.memory.id in around
        if not earlier:
            detected = [e for e in updates if e.created_by is EdgeCreator.DETECTOR]
            sink_within_k(candidates, detected, request.k)

    @staticmethod
    def _admitted(
        memory: MemoryFacets, request: RecallRequest, intent: Intent, at: datetime
    ) -> bool:
        if memory.created_at > at:
            return False
        if request.statuses is not None and memory.status not in request.statuses:
            return False
        if request.categories is not None and memory.category not in request.categories:
            return False
        return True

    def _rank(
        self,
        hits: list[_Candidate],
        edges: Sequence[MemoryEdge],
        request: RecallRequest,
        intent: Intent,
        at: datetime,
    ) -> None:
        """Each hit's terms and score; `edges` are the meaningful edges among the candidates,
        of which those between two of the best 3k hits earn the co-retrieval bonus. An event's
        validity counts for current intent only: asked about the past, a past event is not
        stale."""
        s = self._engine
        if not hits:
            return
        top = max(h.fused for h in hits) or 1.0
        bonus: dict[str, int] = {}
        if "co_retrieval" in request.terms:
            best = {h.memory.id for h in sorted(hits, key=lambda h: -h.fused)[: 3 * request.k]}
            for edge in edges:
                if edge.source in best and edge.target in best:
                    bonus[edge.source] = bonus.get(edge.source, 0) + 1
                    bonus[edge.target] = bonus.get(edge.target, 0) + 1
        for hit in hits:
            m = hit.memory
            terms = hit.terms
            terms["relevance"] = hit.fused / top
            terms["decay"] = category_decay(m, at, s) if "decay" in request.terms else 1.0
            terms["validity"] = (
                blended_validity(m, at, s)
                if "validity" in request.terms and intent is Intent.CURRENT
                else 1.0
            )
            if "survival" not in request.terms:
                terms["survival"] = 1.0
            linked = min(bonus.get(m.id, 0), s.recall_co_retrieval_cap)
            terms["co_retrieval"] = 1.0 + s.recall_co_retrieval_bonus * linked
            terms.setdefault("updates", 1.0)
            hit.score = math.prod(
                terms[t] for t in ("relevance", "decay", "validity", "survival", "co_retrieval")
            )


def prefer_updates(
    candidates: Sequence[_Candidate],
    updates: Sequence[MemoryEdge],
    factor: float,
    *,
    earlier: bool = False,
    rings: Mapping[str, Sequence[Sequence[str]]] | None = None,
) -> dict[str, float]:
    """Each updated candidate below its update (see `RecallService._prefer_updates`): just
    below it for a detected update, demoted for a written one; the oldest statements first, so
    an update of an update inherits the lifted score. With
    `earlier` (historical intent) the other way round: each update that no candidate updated
    in turn — the current value — below what it updated. Answers the share of its score each
    demoted candidate kept."""
    by_id = {c.memory.id: c for c in candidates}
    links = [
        e
        for e in updates
        if e.type is EdgeType.SUPERSEDES
        and e.source != e.target
        and e.source in by_id
        and e.target in by_id
    ]
    if earlier:
        updated = {e.target for e in links}
        pairs = [(by_id[e.target], by_id[e.source], e) for e in links if e.source not in updated]
    else:
        pairs = [(by_id[e.source], by_id[e.target], e) for e in links]
    pairs.sort(key=lambda p: (p[1].memory.created_at, p[1].memory.id, p[0].memory.id))
    #: The memories on either side of an update: a turn around a stale memory that is one
    #: itself is ranked by its own updates.
    sides = {e.source for e in links} | {e.target for e in links}
    kept: dict[str, float] = {}
    for preferred, demoted, edge in pairs:
        stale, update = (preferred, demoted) if earlier else (demoted, preferred)
        stale.updated = True
        if stale.updated_by is None:
            stale.updated_by = update.memory.id
        if edge.created_by is EdgeCreator.DETECTOR:
            # A detected update is evidence too weak to remove anything: the preferred
            # memory moves to just above the other and the turns around it in its session
            # (`rings`), which keep their scores and places below it.
            block = [
                by_id[m].score
                for ring in (rings or {}).get(demoted.memory.id, [])
                for m in ring
                if m in by_id and m not in sides
            ]
            ceiling = max([demoted.score, *block])
            if preferred.score <= ceiling:
                preferred.terms["lifted"] = ceiling
                preferred.score = math.nextafter(ceiling, math.inf) * (1 + _ABOVE)
            # It states the same slot as the other: it passes the similarity floor with it.
            preferred.fused = max(preferred.fused, demoted.fused)
            preferred.similarity = max(preferred.similarity, demoted.similarity)
            preferred.terms.setdefault("updates", 1.0)
            demoted.terms.setdefault("updates", 1.0)
            continue
        undemoted = demoted.score / kept.get(demoted.memory.id, 1.0)
        # An amended memory was marked and already kept `superseded_factor` as its survival
        # (current intent only).
        keep = (
            1.0
            if not earlier and demoted.memory.superseded_by == preferred.memory.id
            else 1.0 - edge.weight * (1.0 - factor)
        )
        if keep < 1.0:
            kept[demoted.memory.id] = kept.get(demoted.memory.id, 1.0) * keep
            demoted.score *= keep
            demoted.terms["updates"] = kept[demoted.memory.id]
        if preferred.score < undemoted:
            preferred.terms["lifted"] = undemoted
            preferred.score = undemoted
            preferred.fused = max(preferred.fused, demoted.fused)
            # It states the same attribute as the demoted one: it passes the similarity
            # floor with it.
            preferred.similarity = max(preferred.similarity, demoted.similarity)
        preferred.terms.setdefault("updates", 1.0)
    return kept


def sink_within_k(candidates: Sequence[_Candidate], detected: Sequence[MemoryEdge], k: int) -> None:
    """For current intent, each candidate in the top k that a detected update also in the top
    k updates moves down to the bottom of the top k, above every candidate ranked below it:
    the stale value leaves the first places to what replaced it, but evidence as weak as the
    detector's never pushes it out of what relevance put in the top k (issue 51). Its
    `updates` term is the share of its score it kept."""
    order = sorted(candidates, key=lambda c: (-c.score, -c.fused, c.memory.id))
    top = {c.memory.id for c in order[:k]}
    stale = {e.target for e in detected if e.source in top and e.target in top}
    if not stale:
        return
    staying = [c for c in order[:k] if c.memory.id not in stale]
    sinking = [c for c in order[:k] if c.memory.id in stale]
    if not staying:
        return
    low = order[k].score if len(order) > k else 0.0
    high = staying[-1].score
    for n, candidate in enumerate(sinking, 1):
        score = low + (high - low) * (len(sinking) + 1 - n) / (len(sinking) + 1)
        if score < candidate.score:
            candidate.terms["updates"] = candidate.terms.get("updates", 1.0) * (
                score / candidate.score
            )
            candidate.score = score


#: How far above a memory one detected to update it is placed (relative to its score).
_ABOVE: Final = 1e-9


def demote_stale_sessions(
    candidates: Sequence[_Candidate],
    preferred: Collection[str],
    kept: Mapping[str, float],
    rings: Mapping[str, Sequence[Sequence[str]]],
) -> set[str]:
    """The candidates near a demoted one in its session keep the share of their score it kept
    (the least, when near several); a preferred memory (the other side of an update), and a
    memory demoted itself, keep theirs. Answers the ids so demoted."""
    by_id = {c.memory.id: c for c in candidates}
    share: dict[str, float] = {}
    for old, keep in kept.items():
        for ring in rings.get(old, []):
            for memory_id in ring:
                if memory_id not in kept and memory_id not in preferred and memory_id in by_id:
                    share[memory_id] = min(share.get(memory_id, 1.0), keep)
    for memory_id, keep in share.items():
        near = by_id[memory_id]
        near.score *= keep
        near.terms["updates"] = keep
    return set(share)


def restatements_first(query: str, hits: list[RecallHit], s: EngineSettings) -> list[RecallHit]:
    """The hits with each later restatement of an earlier-ranked hit moved above it
    (`service.engine.updates.restated_first`); a moved hit's `restated` term is the share of
    the score of the hit it passed that it had (1 for the others)."""
    moves = restated_first(
        query, [_said(h) for h in hits], s.recall_restated_ratio, s.recall_restated_window
    )
    return _moved(hits, moves, "restated")


def own_words_above_replies(
    query: str, hits: list[RecallHit], s: EngineSettings
) -> list[RecallHit]:
    """The hits with what the asker said moved above an assistant's reply about it
    (`service.engine.updates.own_words_first`; the window and ratio of `restated`); a moved
    hit's `own_words` term is the share of the reply's score it had (1 for the others)."""
    moves = own_words_first(
        query,
        [_said(h) for h in hits],
        s.recall_restated_ratio,
        s.recall_restated_window,
        stale={h.memory.id for h in hits if h.updated},
    )
    return _moved(hits, moves, "own_words")


def _moved(hits: list[RecallHit], moves: Sequence[tuple[str, str]], term: str) -> list[RecallHit]:
    """`hits` with each (moved, above) move made in turn; the moved hit's `term` is the share
    of the passed hit's score it had, every other hit's 1."""
    by_id = {h.memory.id: h for h in hits}
    order = [h.memory.id for h in hits]
    for hit in hits:
        hit.terms[term] = 1.0
    for moved, above in moves:
        order.remove(moved)
        order.insert(order.index(above), moved)
        by_id[moved].terms[term] = by_id[moved].score / (by_id[above].score or 1.0)
    return [by_id[i] for i in order]


def _said(hit: RecallHit) -> Said:
    return Said(
        hit.memory.id,
        hit.memory.content,
        hit.memory.created_at.timestamp(),
        hit.memory.source_session,
        hit.score,
    )


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


def _select(hits: list[_Candidate], request: RecallRequest, floor: float) -> list[_Candidate]:
    """Top k by score above the similarity floor, backfilled to k/2 from below it, with core
    and pinned memories that pass the floor injected."""
    ranked = sorted(hits, key=lambda h: (-h.score, -h.fused, h.memory.id))
    use_floor = "floor" in request.terms
    above = [h for h in ranked if not use_floor or h.similarity >= floor]
    below = [h for h in ranked if use_floor and h.similarity < floor]
    chosen = above[: request.k]
    want = math.ceil(request.k / 2)
    for hit in below:
        if len(chosen) >= want:
            break
        hit.backfilled = True
        chosen.append(hit)
    if "injection" in request.terms:
        protected = [
            h for h in above[request.k :] if h.memory.pinned or h.memory.status is MemoryStatus.CORE
        ]
        for hit in protected[: max(1, request.k // 5)]:
            hit.injected = True
            if len(chosen) >= request.k:
                chosen.pop()
            chosen.append(hit)
    for hit in chosen:
        hit.terms["floor"] = 1.0 if hit.similarity >= floor or not use_floor else 0.0
        hit.terms["injection"] = 1.0 if hit.injected else 0.0
    return chosen


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
