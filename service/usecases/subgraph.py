"""A bounded subgraph for the explorer: the memories around some seeds — given ids, a query's
recall hits or the memories mentioning an entity — up to `depth` hops over the chosen edge
types, the first `first` of them read whole with every edge among them, and the honest size of
what was left out (`total`, counted up to SCAN_LIMIT reached memories).

Reads only (recall runs read-only: nothing is reactivated); an unknown tenant reads as empty.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from graph_backends.protocol import MAX_LEG_K, MAX_TRAVERSE_DEPTH, Backend
from schema import (
    EdgeType,
    InvalidInput,
    Memory,
    MemoryEdge,
    NotFound,
    Tenant,
    parse_memory_id,
)
from service.usecases.memories import MemoryService
from service.usecases.recall import RecallRequest, RecallService

#: Most memories one subgraph returns (its `first`).
MAX_FIRST: Final = 5_000
#: Reached memories counted towards `total` before the count stops (then `total_exact` is
#: false): enough to say "2,000 of 48,211" and still bounded work per request.
SCAN_LIMIT: Final = 100_000
#: Memories whose neighbours one `adjacent` read asks for.
_FRONTIER_BATCH: Final = 1_000
#: Most seed ids one request may name, and most recall hits a query seeds with.
MAX_SEED_IDS: Final = 256
MAX_QUERY_SEEDS: Final = 100


@dataclass(frozen=True, slots=True)
class SubgraphRequest:
    """Exactly one of `ids`, `query` and `entity` chooses the seeds."""

    ids: tuple[str, ...] | None = None
    query: str | None = None
    entity: str | None = None
    depth: int = 1
    edge_types: frozenset[EdgeType] = frozenset()
    first: int = 2_000
    #: Recall hits a query seeds with.
    k: int = 25


@dataclass(frozen=True, slots=True)
class BoundedSubgraph:
    #: The seeds first (in their order), then by hops from the nearest seed, then id.
    nodes: tuple[Memory, ...]
    #: Every edge of the chosen types whose two ends are both in `nodes`.
    edges: tuple[MemoryEdge, ...]
    seeds: tuple[str, ...]
    #: Memories reached (seeds included), counted up to SCAN_LIMIT.
    total: int
    #: False when the count stopped at SCAN_LIMIT (or the entity had MAX_LEG_K seeds or more).
    total_exact: bool
    #: Whether `nodes` leaves reached memories out.
    truncated: bool


def check_request(request: SubgraphRequest) -> None:
    given = [n for n in ("ids", "query", "entity") if getattr(request, n) is not None]
    if len(given) != 1:
        raise InvalidInput(
            "ids", f"name exactly one of ids, query and entity (got {', '.join(given) or 'none'})"
        )
    if not 0 <= request.depth <= MAX_TRAVERSE_DEPTH:
        raise InvalidInput("depth", f"{request.depth} is outside 0–{MAX_TRAVERSE_DEPTH}")
    if not 1 <= request.first <= MAX_FIRST:
        raise InvalidInput(
            "first", f"{request.first} is outside 1..{MAX_FIRST}; narrow the seeds or the depth"
        )
    if request.ids is not None and not 1 <= len(request.ids) <= MAX_SEED_IDS:
        raise InvalidInput("ids", f"{len(request.ids)} ids; give 1 to {MAX_SEED_IDS}")
    if request.query is not None and not 1 <= request.k <= MAX_QUERY_SEEDS:
        raise InvalidInput("hits", f"{request.k} is outside 1–{MAX_QUERY_SEEDS}")
    if request.entity is not None and not request.entity.strip():
        raise InvalidInput("entity", "an empty name; give the entity's name")


class SubgraphService:
    def __init__(self, memories: MemoryService, store: Backend, recall: RecallService) -> None:
        self._memories = memories
        self._store = store
        self._recall = recall

    async def subgraph(self, tenant: Tenant, request: SubgraphRequest) -> BoundedSubgraph:
        check_request(request)
        seeds, exact = await self._seeds(tenant, request)
        reached, complete = await self._reach(tenant, seeds, request.depth, request.edge_types)
        shown = reached[: request.first]
        memories = [m for m in await self._memories.get(tenant, shown) if m is not None]
        ids = [m.id for m in memories]
        types = request.edge_types or frozenset(EdgeType)
        edges = await self._store.edges_among(tenant, ids, types) if ids else []
        return BoundedSubgraph(
            nodes=tuple(memories),
            edges=tuple(sorted(edges, key=lambda e: (e.source, e.type, e.target))),
            seeds=tuple(seeds),
            total=len(reached),
            total_exact=exact and complete,
            truncated=len(reached) > len(shown) or not complete,
        )

    async def _seeds(self, tenant: Tenant, request: SubgraphRequest) -> tuple[list[str], bool]:
        """The seed ids in order, and whether they are all there are."""
        if not await self._memories.ready_to_read(tenant):
            if request.ids:
                raise NotFound("memory", parse_memory_id(request.ids[0]))
            return [], True
        if request.ids is not None:
            wanted = list(dict.fromkeys(parse_memory_id(i) for i in request.ids))
            existing = await self._store.existing_ids(tenant, wanted)
            missing = [i for i in wanted if i not in existing]
            if missing:
                raise NotFound("memory", missing[0])
            return wanted, True
        if request.query is not None:
            result = await self._recall.recall(
                tenant, RecallRequest(query=request.query, k=request.k, read_only=True)
            )
            return list(dict.fromkeys(h.memory.id for h in result.hits)), True
        assert request.entity is not None
        mentioning = await self._store.memories_mentioning(tenant, [request.entity], MAX_LEG_K)
        return list(dict.fromkeys(mentioning)), len(mentioning) < MAX_LEG_K

    async def _reach(
        self, tenant: Tenant, seeds: Sequence[str], depth: int, edge_types: Collection[EdgeType]
    ) -> tuple[list[str], bool]:
        """Breadth-first over the edge types (either direction) from every seed at once: the
        reached ids in the order (seeds, then hop, then id), and whether the walk finished
        within SCAN_LIMIT."""
        types = edge_types or frozenset(EdgeType)
        reached: dict[str, None] = dict.fromkeys(seeds[:SCAN_LIMIT])
        frontier = list(reached)
        for _ in range(depth):
            if not frontier:
                break
            found: set[str] = set()
            for start in range(0, len(frontier), _FRONTIER_BATCH):
                batch = frontier[start : start + _FRONTIER_BATCH]
                adjacent = await self._store.adjacent(tenant, batch, types)
                for neighbours in adjacent.values():
                    found.update(n for n in neighbours if n not in reached)
            frontier = sorted(found)
            for memory_id in frontier:
                if len(reached) >= SCAN_LIMIT:
                    return list(reached), False
                reached[memory_id] = None
        return list(reached), len(seeds) <= SCAN_LIMIT
