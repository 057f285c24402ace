"""The `analytics` query's result: one tenant's causal structure, lifecycle and fact churn.

Every list is bounded (RETENTIA_ENGINE__ANALYTICS_TOP items) and says how many there are in
all, so a client can print "top 20 of N"."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry

from service.api.types.errors import InvalidInputError, NotFoundError
from service.api.types.results import Denied
from service.engine.causal_graph import CausalCycles, Community, Components, Top
from service.usecases.analytics import AnalyticsReport, Churn, KeyCount, MonthCount


@strawberry.type
class RankedMemory:
    memory_id: strawberry.ID
    value: float


@strawberry.type(description="The first items of a ranking (highest first) and its full length.")
class RankedMemories:
    items: list[RankedMemory]
    total: int

    @classmethod
    def from_domain(cls, top: Top) -> RankedMemories:
        return cls(
            items=[
                RankedMemory(memory_id=strawberry.ID(r.memory_id), value=r.value) for r in top.items
            ],
            total=top.total,
        )


@strawberry.type(name="AnalyticsCommunity")
class CommunityType:
    name: str = strawberry.field(description="The entities its members mention most.")
    members: int
    top_members: list[strawberry.ID]

    @classmethod
    def from_domain(cls, c: Community) -> CommunityType:
        return cls(
            name=c.name, members=c.members, top_members=[strawberry.ID(m) for m in c.top_members]
        )


@strawberry.type(name="CausalCycles")
class CausalCyclesType:
    memories_on_cycles: int
    cycles: list[list[strawberry.ID]]
    truncated: bool = strawberry.field(description="More cycles exist than are listed.")

    @classmethod
    def from_domain(cls, c: CausalCycles) -> CausalCyclesType:
        return cls(
            memories_on_cycles=c.memories_on_cycles,
            cycles=[[strawberry.ID(m) for m in cycle] for cycle in c.cycles],
            truncated=c.truncated,
        )


@strawberry.type(name="Components")
class ComponentsType:
    count: int
    largest: int
    isolated: int = strawberry.field(description="Memories with no edge of any type.")
    sizes: list[int] = strawberry.field(description="Largest first, bounded.")

    @classmethod
    def from_domain(cls, c: Components) -> ComponentsType:
        return cls(count=c.count, largest=c.largest, isolated=c.isolated, sizes=list(c.sizes))


@strawberry.type(name="MonthCount")
class MonthCountType:
    month: str = strawberry.field(description="YYYY-MM (UTC).")
    key: str
    count: int

    @classmethod
    def of(cls, counts: tuple[MonthCount, ...]) -> list[MonthCountType]:
        return [cls(month=c.month, key=c.key, count=c.count) for c in counts]


@strawberry.type(name="KeyCount")
class KeyCountType:
    key: str
    count: int

    @classmethod
    def of(cls, counts: tuple[KeyCount, ...]) -> list[KeyCountType]:
        return [cls(key=c.key, count=c.count) for c in counts]


@strawberry.type(name="FactChurn")
class FactChurnType:
    facts: int
    superseded: int
    superseded_share: float
    by_predicate: list[KeyCountType]
    predicates: int = strawberry.field(description="Predicates with a supersession, in all.")
    by_slot: list[KeyCountType]
    slots: int = strawberry.field(description="Slots with a supersession, in all.")
    by_month: list[MonthCountType]

    @classmethod
    def from_domain(cls, c: Churn) -> FactChurnType:
        return cls(
            facts=c.facts,
            superseded=c.superseded,
            superseded_share=c.superseded_share,
            by_predicate=KeyCountType.of(c.by_predicate),
            predicates=c.predicates,
            by_slot=KeyCountType.of(c.by_slot),
            slots=c.slots,
            by_month=MonthCountType.of(c.by_month),
        )


@strawberry.type(name="Analytics")
class AnalyticsType:
    computed_at: datetime
    in_database: list[str] = strawberry.field(
        description="The figures the database computed itself (FalkorDB: components, by "
        "algo.WCC); the rest are computed in Python on the bounded edge export."
    )
    memories: int
    causal_edges: int
    support_edges: int = strawberry.field(description="Causal and supportive edges.")
    pagerank: RankedMemories = strawberry.field(
        description="Causal hubs: PageRank over causal edges, flowing toward causes."
    )
    causal_degree: RankedMemories
    articulation_points: RankedMemories = strawberry.field(
        description="Memories whose forgetting would cut others off (value: how many)."
    )
    dominators: RankedMemories = strawberry.field(
        description="Memories every causal path from a root cause to others passes through "
        "(value: how many others)."
    )
    root_causes: int
    longest_chain: list[strawberry.ID]
    communities: list[CommunityType]
    community_count: int
    cycles: CausalCyclesType
    components: ComponentsType
    orphans: list[strawberry.ID]
    orphan_count: int
    stale_auto_links: int
    stale_auto_link_memories: int
    status_by_month: list[MonthCountType]
    forgotten_by_month: list[MonthCountType]
    churn: FactChurnType

    @classmethod
    def from_domain(cls, r: AnalyticsReport) -> AnalyticsType:
        c = r.causal
        return cls(
            computed_at=r.computed_at,
            in_database=list(r.in_database),
            memories=c.memories,
            causal_edges=c.causal_edges,
            support_edges=c.support_edges,
            pagerank=RankedMemories.from_domain(c.pagerank),
            causal_degree=RankedMemories.from_domain(c.causal_degree),
            articulation_points=RankedMemories.from_domain(c.articulation_points),
            dominators=RankedMemories.from_domain(c.dominators),
            root_causes=c.root_causes,
            longest_chain=[strawberry.ID(m) for m in c.longest_chain],
            communities=[CommunityType.from_domain(m) for m in c.communities],
            community_count=c.community_count,
            cycles=CausalCyclesType.from_domain(c.cycles),
            components=ComponentsType.from_domain(c.components),
            orphans=[strawberry.ID(m) for m in r.orphans],
            orphan_count=r.orphan_count,
            stale_auto_links=r.stale_auto_links,
            stale_auto_link_memories=r.stale_auto_link_memories,
            status_by_month=MonthCountType.of(r.status_by_month),
            forgotten_by_month=MonthCountType.of(r.forgotten_by_month),
            churn=FactChurnType.from_domain(r.churn),
        )


@strawberry.type(name="WhyPath")
class WhyPathType:
    memory_ids: list[strawberry.ID] = strawberry.field(
        description="The shortest causal chain, cause first; empty when there is none."
    )
    found: bool


AnalyticsResult = Annotated[
    AnalyticsType | InvalidInputError | Denied, strawberry.union("AnalyticsResult")
]
WhyPathResult = Annotated[
    WhyPathType | NotFoundError | InvalidInputError | Denied, strawberry.union("WhyPathResult")
]
