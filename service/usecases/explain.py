"""`explain(id, query)`: every number behind a memory's score and fate, with its inputs
(docs/design.md §4): the formula, each force, status and the next transition's conditions, the
pending status change and when a maintenance pass makes it, each forgetting conjunct, removal
impact, edges with staleness, and the category policy; with a query, also the recall hit it gives
the memory (`explain_ranked`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from schema import (
    CATEGORY_POLICIES,
    EDGE_PARTITION,
    CategoryPolicy,
    EdgeCreator,
    EdgeType,
    Memory,
    MemoryEdge,
    NotFound,
    Tenant,
    parse_memory_id,
)
from service.engine.lifecycle import (
    ForgettingCheck,
    PendingTransition,
    clock_start,
    forgetting_check,
    next_transition_conditions,
    pending_transition,
)
from service.engine.retention import (
    Activation,
    Connectivity,
    Relevance,
    RestRelevance,
    activation,
    at_rest_score,
    connectivity,
    fresh_deletion_score,
    kappa_reference,
    relevance_at_rest,
    relevance_query,
    retention_score,
)
from service.engine.text import normalise
from service.usecases.forgotten import ForgottenService
from service.usecases.memories import MemoryService
from service.usecases.recall import FactRecallHit, RecallHit, RecallService

FORMULA = "score = relevance × connectivity × activation"


@dataclass(frozen=True, slots=True)
class EdgeExplanation:
    edge: MemoryEdge
    partition: str
    age_days: float
    #: A machine-made link not validated within `auto_link_stale_days`: it no longer keeps the
    #: memory out of the forgetting sweep.
    stale: bool


@dataclass(frozen=True, slots=True)
class Explanation:
    memory: Memory
    formula: str
    query: str | None
    relevance: Relevance | None
    relevance_at_rest: RestRelevance
    connectivity: Connectivity
    activation: Activation
    score: float
    score_at_rest: float
    superseded_factor: float
    next_transition: str
    #: The status change the next maintenance evaluation would make, and when one happens.
    pending_transition: PendingTransition | None
    forgetting: ForgettingCheck
    deletion_score: float
    fresh_delta: int
    removal_impact: tuple[str, ...]
    edges: tuple[EdgeExplanation, ...]
    category_policy: CategoryPolicy


def _cosine(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


@dataclass(frozen=True, slots=True)
class RankedExplanation:
    explanation: Explanation
    #: How recall ranks the memory for the query; None without a query, or when it ranks
    #: nowhere.
    hit: RecallHit | None
    #: The instant the hit's activation is read at.
    at: datetime
    #: The facts the query matches, with each fact leg's rank and the fused score.
    facts: list[FactRecallHit] = field(default_factory=list)


class ExplainService:
    """A memory's explanation, and the recall hit a query gives it."""

    def __init__(self, memories: MemoryService, recall: RecallService) -> None:
        self._memories = memories
        self._recall = recall

    async def explain(
        self, tenant: Tenant, memory_id: str, query: str | None = None
    ) -> Explanation:
        service = self._memories
        s = service.engine
        repository = service.repository
        now = service.now()
        memory_id = parse_memory_id(memory_id)
        if not await service.ready_to_read(tenant):
            raise NotFound("memory", memory_id)
        asked = query if query is not None and query.strip() else None
        # The embedding (384 floats, a second query) only serves a query's cosine.
        (memory,) = await repository.get_memories(
            tenant, [memory_id], with_embeddings=asked is not None
        )
        if memory is None:
            raise await ForgottenService(service).missing(tenant, memory_id)
        (degrees,) = await repository.degrees(tenant, [memory_id])
        kappa, delta = (degrees.kappa, degrees.delta) if degrees else (0, 0)
        if s.kappa_reference == "max":
            kappa_ref: float = await repository.kappa_max(tenant)
        else:
            kappa_ref = kappa_reference([d.kappa for d in await repository.all_degrees(tenant)], s)
        stale_before = now - timedelta(days=s.auto_link_stale_days)
        stale = (await repository.stale_auto_links(tenant, stale_before, [memory_id])).get(
            memory_id, 0
        )

        rest = relevance_at_rest(memory.last_accessed_at or memory.created_at, now, s)
        conn = connectivity(kappa, delta, kappa_ref, s)
        act = activation([memory.created_at, *memory.reactivation_timestamps], now, s)
        factor = s.superseded_factor if memory.superseded_by is not None else 1.0
        relevance = None
        if asked is not None:
            await service.guard.check_search(tenant)  # another model's space: no cosine
            (vector,) = await service.embedder.embed([asked], role="query")
            cosine = _cosine(memory.embedding, vector) if memory.embedding else 0.0
            mentioned = [e for e in memory.entities if normalise(e) in normalise(asked)]
            relevance = relevance_query(cosine, memory.entities, mentioned, s)
        used = relevance.value if relevance is not None else rest.value
        score = retention_score(used, conn.value, act.value).value * factor
        at_rest = retention_score(rest.value, conn.value, act.value).value * factor

        deletion = fresh_deletion_score(memory, now, s)
        # The tagged timeout and the dormancy idle time count from the lifecycle clock's start.
        started = clock_start(memory.created_at, memory.received_at)
        forgetting = forgetting_check(
            deletion_score=deletion,
            fresh_delta=delta - stale,
            pinned=memory.pinned,
            status=memory.status,
            visibility=memory.visibility,
            created_at=memory.created_at,
            received_at=memory.received_at,
            now=now,
            s=s,
        )
        edges = tuple(
            EdgeExplanation(
                edge=e,
                partition=str(EDGE_PARTITION[EdgeType(e.type)]),
                age_days=(now - e.created_at).total_seconds() / 86400,
                stale=e.created_by is EdgeCreator.AUTO
                and (e.last_validated_at or e.created_at) < stale_before,
            )
            for e in await repository.incident_edges(tenant, memory_id)
        )
        return Explanation(
            memory=memory.model_copy(update={"embedding": None}),
            formula=FORMULA,
            query=query,
            relevance=relevance,
            relevance_at_rest=rest,
            connectivity=conn,
            activation=act,
            score=score,
            score_at_rest=at_rest,
            superseded_factor=factor,
            next_transition=next_transition_conditions(
                memory.status,
                irrelevance_counter=memory.irrelevance_counter,
                created_at=started,
                last_reactivated_at=memory.last_reactivated_at,
                reactivation_count=memory.reactivation_count,
                s=s,
            ),
            pending_transition=pending_transition(
                memory.status,
                irrelevance_counter=memory.irrelevance_counter,
                # The score and δ a maintenance pass decides by.
                score=at_rest_score(memory, kappa, delta, kappa_ref, now, s),
                has_supportive_edge=delta > 0,
                created_at=started,
                last_reactivated_at=memory.last_reactivated_at,
                reactivation_count=memory.reactivation_count,
                last_evaluated_at=memory.last_evaluated_at,
                now=now,
                s=s,
            ),
            forgetting=forgetting,
            deletion_score=deletion,
            fresh_delta=delta - stale,
            removal_impact=tuple(await repository.removal_impact(tenant, memory_id)),
            edges=edges,
            category_policy=CATEGORY_POLICIES[memory.category],
        )

    async def explain_ranked(
        self, tenant: Tenant, memory_id: str, query: str | None = None
    ) -> RankedExplanation:
        """`explain` (against `query` when given), and the recall hit the query gives the
        memory."""
        explanation = await self.explain(tenant, memory_id, query)
        hit: RecallHit | None = None
        facts: list[FactRecallHit] = []
        if query is not None:
            hit, facts = await self._recall.explain_recall(tenant, explanation.memory.id, query)
        return RankedExplanation(explanation, hit, self._recall.now(), facts)
