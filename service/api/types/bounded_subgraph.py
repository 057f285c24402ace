"""The explorer's bounded subgraph: the memories shown, the edges among them, and how many
were reached in all (`total`), so a page can say "showing 2,000 of 48,211"."""

from __future__ import annotations

import strawberry

from service.api.types.edge import MemoryEdgeType
from service.api.types.memory import MemoryType
from service.usecases.subgraph import SCAN_LIMIT, BoundedSubgraph


@strawberry.type(
    name="BoundedSubgraph",
    description="The first `first` memories reached from the seeds (seeds first, then by hops, "
    "then id) with every edge of the followed types among them; `total` counts every memory "
    f"reached (up to {SCAN_LIMIT:,}, then `totalExact` is false) and `truncated` says whether "
    "some are left out.",
)
class BoundedSubgraphType:
    nodes: list[MemoryType]
    edges: list[MemoryEdgeType]
    seeds: list[strawberry.ID]
    total: int
    total_exact: bool
    truncated: bool

    @classmethod
    def from_domain(cls, subgraph: BoundedSubgraph) -> BoundedSubgraphType:
        return cls(
            nodes=[MemoryType.from_domain(m) for m in subgraph.nodes],
            edges=[MemoryEdgeType.from_domain(e) for e in subgraph.edges],
            seeds=[strawberry.ID(s) for s in subgraph.seeds],
            total=subgraph.total,
            total_exact=subgraph.total_exact,
            truncated=subgraph.truncated,
        )
