"""explain(id, query): the numbers behind a memory's score and fate, each with its inputs."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any

import strawberry

from service.api.types.edge import MemoryEdgeType
from service.api.types.enums import MemoryStatus
from service.api.types.memory import MemoryType
from service.api.types.recall import FactRecallHitType, RecallHitType
from service.usecases.explain import Explanation


@strawberry.type
class ExplainInput:
    name: str
    value: str


@strawberry.type
class Force:
    name: str
    value: float
    inputs: list[ExplainInput]


@strawberry.type
class ForgettingConjunct:
    name: str
    holds: bool
    detail: str


@strawberry.type
class Forgetting:
    forget: bool = strawberry.field(description="True only when every conjunct holds.")
    deletion_score: float
    fresh_delta: int = strawberry.field(
        description="δ without machine-made links not validated recently."
    )
    conjuncts: list[ForgettingConjunct]


@strawberry.type(name="PendingTransition")
class PendingTransitionType:
    to: MemoryStatus
    reason: str
    happens_at: datetime = strawberry.field(
        description="The earliest instant a maintenance pass evaluates the memory again (now "
        "when the next pass does): statuses change only in a pass, at most once per "
        "RETENTIA_ENGINE__EVALUATION_INTERVAL_HOURS."
    )
    when: str = strawberry.field(
        description="`happensAt` in words: 'at the next maintenance pass', or the first pass "
        "after an instant."
    )


@strawberry.type
class ExplainedEdge:
    edge: MemoryEdgeType
    partition: str
    age_days: float
    stale: bool


@strawberry.type
class CategoryPolicyType:
    category: str
    decay_per_hour: float
    blend_alpha: float
    semantic_floor: float
    semantics: str
    note: str


def _shown(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, tuple | list | frozenset | set):
        return ", ".join(_shown(v) for v in value)
    return str(value)


def _force(name: str, force: Any) -> Force:
    inputs = [
        ExplainInput(name=f.name, value=_shown(getattr(force, f.name)))
        for f in dataclasses.fields(force)
        if f.name != "value"
    ]
    return Force(name=name, value=force.value, inputs=inputs)


@strawberry.type(name="Explanation")
class ExplanationType:
    memory: MemoryType
    formula: str
    query: str | None
    score: float = strawberry.field(description="With the query's relevance when one is given.")
    score_at_rest: float
    superseded_factor: float
    forces: list[Force]
    next_transition: str
    pending_transition: PendingTransitionType | None = strawberry.field(
        description="The status change the next maintenance evaluation would make as things "
        "stand, and when a pass makes it; null when the memory keeps its status."
    )
    forgetting: Forgetting
    removal_impact: list[strawberry.ID] = strawberry.field(
        description="Neighbours that would become orphans if this memory were deleted."
    )
    edges: list[ExplainedEdge]
    category_policy: CategoryPolicyType
    recall: RecallHitType | None = strawberry.field(
        default=None,
        description="With a query: how recall ranks this memory for it now — each leg's rank, "
        "the fused relevance and every ranking term (null when it is not among the candidates).",
    )
    recall_facts: list[FactRecallHitType] = strawberry.field(
        default_factory=list,
        description="With a query: the facts recall returns for it, best first, with each fact "
        "leg's rank and the fused score.",
    )

    @classmethod
    def from_domain(
        cls,
        e: Explanation,
        recall: RecallHitType | None = None,
        recall_facts: list[FactRecallHitType] | None = None,
    ) -> ExplanationType:
        forces = [_force("relevance_at_rest", e.relevance_at_rest)]
        if e.relevance is not None:
            forces.insert(0, _force("relevance", e.relevance))
        forces += [_force("connectivity", e.connectivity), _force("activation", e.activation)]
        policy = e.category_policy
        return cls(
            recall=recall,
            recall_facts=recall_facts or [],
            memory=MemoryType.from_domain(e.memory),
            formula=e.formula,
            query=e.query,
            score=e.score,
            score_at_rest=e.score_at_rest,
            superseded_factor=e.superseded_factor,
            forces=forces,
            next_transition=e.next_transition,
            pending_transition=None
            if (p := e.pending_transition) is None
            else PendingTransitionType(to=p.to, reason=p.reason, happens_at=p.due, when=p.when),
            forgetting=Forgetting(
                forget=e.forgetting.forget,
                deletion_score=e.deletion_score,
                fresh_delta=e.fresh_delta,
                conjuncts=[
                    ForgettingConjunct(name=c.name, holds=c.holds, detail=c.detail)
                    for c in e.forgetting.conjuncts
                ],
            ),
            removal_impact=[strawberry.ID(i) for i in e.removal_impact],
            edges=[
                ExplainedEdge(
                    edge=MemoryEdgeType.from_domain(x.edge),
                    partition=x.partition,
                    age_days=x.age_days,
                    stale=x.stale,
                )
                for x in e.edges
            ],
            category_policy=CategoryPolicyType(
                category=str(e.memory.category),
                decay_per_hour=policy.decay_per_hour,
                blend_alpha=policy.blend_alpha,
                semantic_floor=policy.semantic_floor,
                semantics=str(policy.semantics),
                note=policy.note,
            ),
        )
