"""A traversal's result: reached memories and the edges among them."""

from __future__ import annotations

import strawberry

from schema import Subgraph
from service.api.types.edge import MemoryEdgeType
from service.api.types.memory import MemoryType


@strawberry.type(name="Subgraph")
class SubgraphType:
    nodes: list[MemoryType]
    edges: list[MemoryEdgeType]

    @classmethod
    def from_domain(cls, subgraph: Subgraph) -> SubgraphType:
        return cls(
            nodes=[MemoryType.from_domain(m) for m in subgraph.nodes],
            edges=[MemoryEdgeType.from_domain(e) for e in subgraph.edges],
        )
