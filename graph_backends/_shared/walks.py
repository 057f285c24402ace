"""Walks over the memory graph, hop by whole hop, the same on every backend: each hop is one
named read (`SharedRead.TRAVERSE_HOP`), the page's edges another (`SharedRead.PAGE_EDGES`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from graph_backends._common.records import edge_from_row
from graph_backends._common.traversal import Position, page_edges, page_of, reach
from graph_backends._shared.seam import RunsNamedReads, SharedRead
from graph_backends.checks import check_depth, check_traverse_nodes
from schema import Direction, EdgeType, Memory, NotFound, Subgraph, Tenant, parse_memory_id


def type_names(edge_types: Collection[EdgeType]) -> list[str]:
    """The types a walk follows: all of them when none are named."""
    return sorted(str(t) for t in (edge_types or EdgeType))


class WalkMethods(RunsNamedReads):
    """`GraphRepository.neighbourhood` and `GraphRepository.traverse`."""

    if TYPE_CHECKING:  # the contract's, provided by each backend

        async def existing_ids(self, tenant: Tenant, ids: Collection[str]) -> frozenset[str]: ...

        async def get_memories(
            self, tenant: Tenant, ids: Sequence[str], *, with_embeddings: bool = False
        ) -> list[Memory | None]: ...

    async def _start(self, tenant: Tenant, start: str) -> str:
        start = parse_memory_id(start)
        if not await self.existing_ids(tenant, [start]):
            raise NotFound("memory", start)
        return start

    async def _hop(
        self, tenant: Tenant, frontier: list[str], types: list[str], direction: Direction
    ) -> list[str]:
        params = {"frontier": frontier, "types": types, "direction": str(direction)}
        return [row["id"] for row in await self._read_rows(tenant, SharedRead.TRAVERSE_HOP, params)]

    async def neighbourhood(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int,
        edge_types: Collection[EdgeType],
        direction: Direction,
        max_nodes: int = 500,
    ) -> dict[str, int]:
        check_depth(depth)
        check_traverse_nodes("max_nodes", max_nodes)
        start = await self._start(tenant, start)
        types = type_names(edge_types)
        hops: dict[str, int] = {start: 0}
        frontier = [start]
        for hop in range(1, depth + 1):
            if not frontier or len(hops) >= max_nodes:
                break
            reached = await self._hop(tenant, frontier, types, direction)
            frontier = []
            for memory_id in reached:
                if memory_id not in hops and len(hops) < max_nodes:
                    hops[memory_id] = hop
                    frontier.append(memory_id)
        return hops

    async def traverse(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int,
        edge_types: Collection[EdgeType],
        direction: Direction,
        max_nodes: int = 500,
        after: Position | None = None,
    ) -> Subgraph:
        check_depth(depth)
        start = await self._start(tenant, start)
        types = type_names(edge_types)

        async def hop(frontier: list[str]) -> list[str]:
            return await self._hop(tenant, frontier, types, direction)

        hops = await reach(start, depth, hop, first=max_nodes, after=after)
        page = page_of(hops, max_nodes, after)
        found = await self.get_memories(tenant, page.ids)
        kept = [(m, h) for m, h in zip(found, page.hops, strict=True) if m is not None]
        rows = await self._read_rows(
            tenant, SharedRead.PAGE_EDGES, {"page": page.ids, "ids": page.through, "types": types}
        )
        return Subgraph(
            nodes=tuple(m for m, _ in kept),
            hops=tuple(h for _, h in kept),
            edges=tuple(page_edges((edge_from_row(r) for r in rows), page.ids)),
            has_more=page.has_more,
        )
