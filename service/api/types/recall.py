"""Recall and search results."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from service.api.types.enums import Category, Intent, MemoryStatus

# The resolvers' argument types, registered with the domain's enums in `enums`.
from service.api.types.enums import Leg as Leg
from service.api.types.enums import SwitchableTerm as SwitchableTerm
from service.api.types.facts import FactType
from service.api.types.memory import MemoryType
from service.usecases.recall import FactRecallHit, RecallHit, RecallResult


@strawberry.enum(description="How much each hit carries.")
class Verbosity(Enum):
    FULL = "full"
    CONCISE = "concise"


@strawberry.type(description="A leg that failed and contributed nothing.")
class LegFailure:
    leg: Leg
    error: str


@strawberry.type(description="The 1-based rank a leg gave the memory.")
class LegRank:
    leg: Leg
    rank: int


@strawberry.type(description="One ranking term's value (1 is neutral).")
class RankingTerm:
    name: str
    value: float


@strawberry.type(name="RecallHit")
class RecallHitType:
    id: strawberry.ID
    summary: str | None
    status: MemoryStatus
    score: float
    activation: float
    superseded_by: strawberry.ID | None
    memory: MemoryType | None = strawberry.field(description="Null with verbosity CONCISE.")
    fused: float | None = strawberry.field(description="Reciprocal-rank-fused relevance.")
    similarity: float | None = strawberry.field(description="Cosine to the query.")
    legs: list[LegRank] | None
    terms: list[RankingTerm] | None
    injected: bool | None = strawberry.field(
        description="A core or pinned memory brought in although it ranked below k."
    )
    backfilled: bool | None = strawberry.field(
        description="Below the similarity floor, kept to fill the result to k/2."
    )

    @classmethod
    def from_domain(cls, hit: RecallHit, concise: bool) -> RecallHitType:
        m = hit.memory
        full = not concise
        return cls(
            id=strawberry.ID(m.id),
            summary=m.summary or m.content[:240],
            status=m.status,
            score=hit.score,
            activation=hit.activation,
            superseded_by=None if m.superseded_by is None else strawberry.ID(m.superseded_by),
            memory=MemoryType.from_domain(m) if full else None,
            fused=hit.fused if full else None,
            similarity=hit.similarity if full else None,
            legs=[LegRank(leg=k, rank=v) for k, v in sorted(hit.legs.items())] if full else None,
            terms=[RankingTerm(name=k, value=v) for k, v in sorted(hit.terms.items())]
            if full
            else None,
            injected=hit.injected if full else None,
            backfilled=hit.backfilled if full else None,
        )


@strawberry.type(name="FactRecallHit")
class FactRecallHitType:
    fact: FactType = strawberry.field(
        description="Subject, predicate, object, validity interval, confidence and the source "
        "memory (null for a fact ingested without one)."
    )
    score: float = strawberry.field(
        description="Reciprocal-rank-fused score over the fact legs (0 for an earlier value)."
    )
    legs: list[LegRank] = strawberry.field(description="Each fact leg's 1-based rank of it.")
    current: bool = strawberry.field(
        description="Effective at the instant recall answers for; false for an earlier value "
        "of the same subject and predicate (historical intent only)."
    )

    @classmethod
    def from_domain(cls, hit: FactRecallHit) -> FactRecallHitType:
        return cls(
            fact=FactType.from_domain(hit.fact),
            score=hit.score,
            legs=[LegRank(leg=k, rank=v) for k, v in sorted(hit.legs.items())],
            current=hit.current,
        )


@strawberry.type(name="Recall")
class RecallType:
    query: str
    intent: Intent
    as_of: datetime
    degraded: bool
    failed_legs: list[LegFailure]
    category: Category | None
    hits: list[RecallHitType]
    facts: list[FactRecallHitType] = strawberry.field(
        description="The facts matching the query from the fact legs, best first: those "
        "effective at `asOf`, and with historical intent each one's earlier values after it."
    )

    @classmethod
    def from_domain(cls, result: RecallResult, concise: bool = False) -> RecallType:
        return cls(
            query=result.query,
            intent=result.intent,
            as_of=result.at,
            degraded=result.degraded,
            failed_legs=[LegFailure(leg=k, error=v) for k, v in sorted(result.failed_legs.items())],
            category=result.category,
            hits=[RecallHitType.from_domain(h, concise) for h in result.hits],
            facts=[FactRecallHitType.from_domain(f) for f in result.facts],
        )
