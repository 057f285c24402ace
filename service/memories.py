"""Use cases on memories and their edges: store (writer-typed edges validated before anything
is written), get, link, unlink, traverse, degrees, stats."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from graph_backends import MAX_TRAVERSE_DEPTH, GraphRepository
from schema import (
    SUPPORTIVE_TYPES,
    Category,
    Degrees,
    Direction,
    EdgeCreator,
    EdgeKey,
    EdgeType,
    GraphStats,
    InvalidInput,
    Memory,
    MemoryEdge,
    MemoryStatus,
    NotFound,
    RetentiaError,
    Subgraph,
    Tenant,
    Visibility,
    build,
    new_memory_id,
    parse_memory_id,
)
from service.embedding import Embedder
from service.tenants import TenantSchemas

Clock = Callable[[], datetime]
#: Most memories one batch store may carry.
MAX_BATCH = 256
#: Most writer-typed edges one stored memory may declare.
MAX_RELATED = 32


@dataclass(frozen=True, slots=True)
class RelatedEdge:
    """An edge the writer declares while storing: new memory → `target`."""

    target: str
    type: EdgeType
    weight: float = 1.0
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class StoreRequest:
    content: str
    category: Category | None = None
    entities: Sequence[str] = ()
    pinned: bool = False
    visibility: Visibility = Visibility.PRIVATE
    source_session: str | None = None
    event_time: datetime | None = None
    summary: str | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    related: Sequence[RelatedEdge] = ()


class MemoryService:
    def __init__(self, repository: GraphRepository, embedder: Embedder, clock: Clock) -> None:
        self._repository = repository
        self._embedder = embedder
        self._clock = clock
        self._schemas = TenantSchemas(repository)

    async def ready(self, tenant: Tenant) -> None:
        await self._schemas.ensure(tenant)

    async def schema_ready(self, tenant: Tenant) -> bool:
        await self._repository.ping()
        return await self._repository.schema_ready(tenant)

    async def store(self, tenant: Tenant, request: StoreRequest) -> Memory:
        (result,) = await self.store_each(tenant, [request])
        if isinstance(result, RetentiaError):
            raise result
        return result

    async def store_each(
        self, tenant: Tenant, requests: Sequence[StoreRequest]
    ) -> list[Memory | RetentiaError]:
        """Store each request on its own merits: a bad item (invalid value, edge to a missing
        memory) gets its error and writes nothing, and never costs the good items. The good
        items are written in one batch after all of them were validated."""
        if len(requests) > MAX_BATCH:
            raise InvalidInput("memories", f"{len(requests)} items; the limit is {MAX_BATCH}")
        if not requests:
            return []
        await self.ready(tenant)
        now = self._clock()
        results: list[Memory | RetentiaError] = []
        edges_of: dict[str, list[MemoryEdge]] = {}
        for index, request in enumerate(requests):
            try:
                draft = self._draft(request, now, index)
                edges_of[draft.id] = [
                    build(
                        MemoryEdge,
                        source=draft.id,
                        target=rel.target,
                        type=rel.type,
                        weight=rel.weight,
                        reason=rel.reason,
                        created_by=EdgeCreator.WRITER,
                        created_at=now,
                        last_validated_at=now,
                    )
                    for rel in request.related
                ]
                results.append(draft)
            except RetentiaError as e:
                results.append(e)
        targets = {e.target for edges in edges_of.values() for e in edges}
        existing = await self._repository.existing_ids(tenant, targets) if targets else frozenset()
        for index, result in enumerate(results):
            if isinstance(result, Memory):
                missing = sorted(e.target for e in edges_of[result.id] if e.target not in existing)
                if missing:
                    results[index] = NotFound("memory", missing[0])
        drafts = [r for r in results if isinstance(r, Memory)]
        vectors = await self._embedder.embed([m.content for m in drafts])
        stored = {
            m.id: m.model_copy(update={"embedding": v})
            for m, v in zip(drafts, vectors, strict=True)
        }
        if stored:
            await self._repository.upsert_memories(tenant, list(stored.values()))
            await self._repository.link(tenant, [e for mid in stored for e in edges_of[mid]])
        return [stored[r.id] if isinstance(r, Memory) else r for r in results]

    def _draft(self, request: StoreRequest, now: datetime, index: int) -> Memory:
        if len(request.related) > MAX_RELATED:
            raise InvalidInput(
                f"memories[{index}].related",
                f"{len(request.related)} edges; the limit is {MAX_RELATED}",
            )
        for rel in request.related:
            parse_memory_id(rel.target)
        # A declared causal or supportive edge makes the memory part of the graph at once
        # (tagged → active, DESIGN §4).
        connected = any(rel.type in SUPPORTIVE_TYPES for rel in request.related)
        return build(
            Memory,
            id=new_memory_id(),
            content=request.content,
            summary=request.summary,
            entities=tuple(dict.fromkeys(e.strip() for e in request.entities if e.strip())),
            category=request.category or Category.OTHER,
            status=MemoryStatus.ACTIVE if connected else MemoryStatus.TAGGED,
            pinned=request.pinned,
            visibility=request.visibility,
            created_at=now,
            last_accessed_at=now,
            event_time=request.event_time,
            source_session=request.source_session,
            metadata=dict(request.metadata),
        )

    async def get(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory | None]:
        await self.ready(tenant)
        return await self._repository.get_memories(tenant, ids)

    async def link(self, tenant: Tenant, edges: Sequence[LinkRequest]) -> list[MemoryEdge]:
        await self.ready(tenant)
        now = self._clock()
        built = [
            build(
                MemoryEdge,
                source=e.source,
                target=e.target,
                type=e.type,
                weight=e.weight,
                reason=e.reason,
                created_by=e.created_by,
                created_at=now,
                last_validated_at=now,
            )
            for e in edges
        ]
        await self._repository.link(tenant, built)
        return built

    async def unlink(self, tenant: Tenant, keys: Sequence[EdgeKey]) -> list[bool]:
        await self.ready(tenant)
        return await self._repository.unlink(tenant, keys)

    async def traverse(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int = 2,
        edge_types: Collection[EdgeType] = (),
        direction: Direction = Direction.BOTH,
        max_nodes: int = 200,
    ) -> Subgraph:
        if not 0 <= depth <= MAX_TRAVERSE_DEPTH:
            raise InvalidInput("depth", f"{depth} is outside 0–{MAX_TRAVERSE_DEPTH}")
        await self.ready(tenant)
        return await self._repository.traverse(
            tenant,
            start,
            depth=depth,
            edge_types=edge_types,
            direction=direction,
            max_nodes=max_nodes,
        )

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]:
        await self.ready(tenant)
        return await self._repository.degrees(tenant, ids)

    async def stats(self, tenant: Tenant) -> GraphStats:
        await self.ready(tenant)
        return await self._repository.stats(tenant)


@dataclass(frozen=True, slots=True)
class LinkRequest:
    """An edge between two existing memories, as a writer asks for it."""

    source: str
    target: str
    type: EdgeType
    weight: float = 1.0
    reason: str | None = None
    created_by: EdgeCreator = EdgeCreator.WRITER
