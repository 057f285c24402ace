"""Tenant-wide counts."""

from __future__ import annotations

import strawberry

from schema import GraphStats
from service.api.types.enums import EdgeType


@strawberry.type
class EdgeCount:
    type: EdgeType
    count: int


@strawberry.type(name="Stats")
class StatsType:
    memories: int
    orphans: int
    kappa_max: int = strawberry.field(description="Largest causal degree in the tenant.")
    edges: list[EdgeCount]

    @classmethod
    def from_domain(cls, stats: GraphStats) -> StatsType:
        return cls(
            memories=stats.memories,
            orphans=stats.orphans,
            kappa_max=stats.kappa_max,
            edges=[EdgeCount(type=t, count=n) for t, n in stats.edges.items()],
        )
