"""A traversal read a page at a time, the same on every backend: breadth-first over whole hops
(each backend runs one hop as one query), the reached memories in the order (hop, id) — a
total order, ids being unique — and the page the `first` of them past a cursor's position."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from graph_backends.checks import check_traverse_nodes
from schema import InvalidInput, MemoryEdge

#: Most memories one traversal may reach before its page is known (ids only are kept).
MAX_REACHED: Final = 100_000

#: (hop, id): where a reached memory stands in a traversal's order.
Position = tuple[int, str]


async def reach(
    start: str,
    depth: int,
    hop: Callable[[list[str]], Awaitable[Iterable[str]]],
    *,
    first: int,
    after: Position | None,
) -> dict[str, int]:
    """Hop distance of every memory reached from `start`, hop by whole hop, until `depth` or
    until more than `first` memories past `after` are known (a later hop only adds memories
    after those). `hop(frontier)` answers the memories adjacent to the frontier."""
    check_traverse_nodes("first", first)
    hops = {start: 0}
    frontier = [start]
    for distance in range(1, depth + 1):
        if not frontier or _past(hops, after) > first:
            break
        frontier = sorted({m for m in await hop(frontier) if m not in hops})
        hops.update(dict.fromkeys(frontier, distance))
        if len(hops) > MAX_REACHED:
            raise InvalidInput(
                "depth",
                f"the traversal reaches more than {MAX_REACHED} memories; ask for fewer hops "
                "or fewer edge types",
            )
    return hops


def _past(hops: Mapping[str, int], after: Position | None) -> int:
    if after is None:
        return len(hops)
    return sum(1 for m, h in hops.items() if (h, m) > after)


@dataclass(frozen=True, slots=True)
class TraversalPage:
    #: The page's memories in order, and their hops.
    ids: list[str]
    hops: list[int]
    #: Every reached memory up to the page's end (earlier pages' and this one's).
    through: list[str]
    has_more: bool


def page_of(hops: Mapping[str, int], first: int, after: Position | None) -> TraversalPage:
    ordered = sorted((h, m) for m, h in hops.items())
    remaining = ordered if after is None else [p for p in ordered if p > after]
    page = remaining[:first]
    end = page[-1] if page else after
    through = [m for h, m in ordered if end is not None and (h, m) <= end]
    return TraversalPage(
        ids=[m for _, m in page],
        hops=[h for h, _ in page],
        through=through,
        has_more=len(remaining) > first,
    )


def page_edges(edges: Iterable[MemoryEdge], page: Sequence[str]) -> list[MemoryEdge]:
    """The edges of a page, each once, in a stable order: those touching one of its memories
    (the query answers an edge with both ends in the page twice, once from each)."""
    wanted = set(page)
    unique = {
        (e.source, e.target, e.type): e for e in edges if e.source in wanted or e.target in wanted
    }
    return [unique[k] for k in sorted(unique)]
