"""A traversal's result, a page at a time: reached memories and the edges among them."""

from __future__ import annotations

import strawberry

from schema import Subgraph, parse_memory_id
from service.api import cursors
from service.api.types.edge import MemoryEdgeType
from service.api.types.memory import MemoryType
from service.api.types.page_info import PageInfo


def traverse_position(scope: str, cursor: str | None) -> tuple[int, str] | None:
    """The (hop, id) a `traverse` cursor stands for (None: the first page)."""
    if cursor is None:
        return None
    hop, memory_id = cursors.decode(cursor, "traverse", scope, (int, str))
    return int(hop), parse_memory_id(memory_id)


@strawberry.type(
    name="Subgraph",
    description="Reached memories in the order (hops from the start, id), a page at a time, "
    "and the edges of this page: those touching one of its nodes whose other end is in it or "
    "in an earlier page, so reading every page gives every edge once.",
)
class SubgraphType:
    nodes: list[MemoryType]
    edges: list[MemoryEdgeType]
    page_info: PageInfo

    @classmethod
    def from_domain(cls, subgraph: Subgraph, scope: str = "") -> SubgraphType:
        last = (subgraph.hops[-1], subgraph.nodes[-1].id) if subgraph.hops else None
        return cls(
            nodes=[MemoryType.from_domain(m) for m in subgraph.nodes],
            edges=[MemoryEdgeType.from_domain(e) for e in subgraph.edges],
            page_info=PageInfo(
                has_next_page=subgraph.has_more,
                end_cursor=None if last is None else cursors.encode("traverse", scope, last),
            ),
        )
