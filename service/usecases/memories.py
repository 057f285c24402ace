"""Use cases on memories and their edges: store (writer-typed edges validated before anything
is written), get, link, unlink, traverse, degrees, stats."""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

from graph_backends import (
    Backend,
    RecallRepository,
    superseded_already,
)
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
    SearchHit,
    Subgraph,
    Tenant,
    Tombstone,
    Visibility,
    build,
    new_memory_id,
    parse_memory_id,
)
from schema.values import check_instant, check_metadata
from service.adapters.classifier import CategoryAssigner
from service.adapters.embedding import Embedder, Vector
from service.engine.autolink import choose_auto_links, similarity_floor
from service.engine.conflicts import Candidate, ConflictHint, conflict_hints
from service.engine.mentioned_time import dated
from service.engine.settings import EngineSettings
from service.usecases.embedder_records import EmbedderGuard
from service.usecases.session_locks import Leases, SessionLocks
from service.usecases.tenants import TenantSchemas
from service.usecases.update_detection import DetectionRate, detect_update_edges

Clock = Callable[[], datetime]
#: How a store writes its validated memories and edges (one atomic write, the inbound
#: auto-link cap checked by the database); it answers the auto-links the cap left out.
_Write = Callable[[Sequence[Memory], Sequence[MemoryEdge]], Awaitable[Sequence[EdgeKey]]]
#: Most memories one batch store may carry.
MAX_BATCH = 256
#: Most writer-typed edges one stored memory may declare.
MAX_RELATED = 32
#: The earliest creation instant a memory may be stored with.
EARLIEST_CREATED_AT = datetime(1970, 1, 1, tzinfo=UTC)


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
    #: When the memory was formed, for history imported with its own time; None: now. Every
    #: computation of its lifecycle (ageing, activation, status, forgetting, its session
    #: chain, the edges it makes) takes it as stored at this instant.
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoreResult:
    """A stored memory, the edges the machine added, and hints for the writer."""

    memory: Memory
    auto_links: tuple[MemoryEdge, ...] = ()
    possible_conflicts: tuple[ConflictHint, ...] = ()
    #: SUPERSEDES edges the update detector made: this memory updates an earlier one (or, for
    #: history imported out of order, a stored later one updates it).
    updates: tuple[MemoryEdge, ...] = ()


@dataclass(frozen=True, slots=True)
class DeleteReport:
    deleted: tuple[str, ...]
    missing: tuple[str, ...]
    #: Neighbours that had a causal or supportive edge before and have none now.
    new_orphans: tuple[str, ...]
    tombstones: tuple[str, ...]
    #: Facts that only the deleted memories asserted, retracted at the deletion
    #: (`service.usecases.deletion`; docs/adr/0021).
    retracted_facts: tuple[str, ...] = ()


def new_edge(
    source: str,
    target: str,
    type: EdgeType,
    now: datetime,
    *,
    weight: float = 1.0,
    reason: str | None = None,
    created_by: EdgeCreator = EdgeCreator.WRITER,
) -> MemoryEdge:
    """A validated edge made (and validated) now."""
    return build(
        MemoryEdge,
        source=source,
        target=target,
        type=type,
        weight=weight,
        reason=reason,
        created_by=created_by,
        created_at=now,
        last_validated_at=now,
    )


def content_hash(content: str) -> str:
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class _Nearby:
    """The memories most similar to a new one: the hits, best first, how many auto-links
    point into each (stored), and the content of those close enough for the conflict check."""

    hits: list[SearchHit]
    inbound: list[int]
    close: dict[str, str]


@dataclass(frozen=True, slots=True)
class _Chain:
    """How new turns join their sessions' chains: the TEMPORAL_SEQUENCE edges to make
    (previous, next, when: the later turn's creation instant) and the stored ones they break."""

    links: tuple[tuple[str, str, datetime], ...]
    unlinks: tuple[EdgeKey, ...]


def _without_links(
    stored: Mapping[str, StoreResult],
    refused: Sequence[EdgeKey],
    edges_of: Mapping[str, Sequence[MemoryEdge]],
) -> tuple[dict[str, StoreResult], list[Memory]]:
    """The results of a store without the auto-links the database's cap check left out (a
    concurrent store, in this or another process, gave their target its last place first),
    and the memories those links alone made active, tagged again (docs/design.md §4.1)."""
    gone = {(k.source, k.target, k.type) for k in refused}
    out: dict[str, StoreResult] = {}
    retagged = []
    for mid, result in stored.items():
        kept = [e for e in edges_of[mid] if (e.source, e.target, e.type) not in gone]
        memory = result.memory
        if memory.status is MemoryStatus.ACTIVE and not any(
            e.type in SUPPORTIVE_TYPES for e in kept
        ):
            memory = memory.model_copy(update={"status": MemoryStatus.TAGGED})
            retagged.append(memory)
        auto = tuple(e for e in result.auto_links if (e.source, e.target, e.type) not in gone)
        out[mid] = replace(result, memory=memory, auto_links=auto)
    return out, retagged


async def _nothing() -> list[Any]:
    return []


async def _far() -> _Nearby:
    return _Nearby([], [], {})


class MemoryService:
    def __init__(
        self,
        repository: Backend,
        embedder: Embedder,
        clock: Clock,
        engine: EngineSettings | None = None,
        *,
        classifier: CategoryAssigner | None = None,
        guard: EmbedderGuard | None = None,
    ) -> None:
        self._repository = repository
        self._classifier = classifier
        self._embedder = embedder
        #: The project's recorded embedder, checked before vectors are compared or written.
        self._guard = guard or EmbedderGuard(repository, embedder.name, embedder.dimension)
        self._clock = clock
        self._engine = engine or EngineSettings()
        self._schemas = TenantSchemas(repository)
        # Across processes too where the backend keeps leases (every backend that ships).
        leases = repository if isinstance(repository, Leases) else None
        self._session_locks = SessionLocks(leases, clock)
        self._auto_link_floor = similarity_floor(embedder.name, self._engine.auto_link_floor)
        self._update_rate = DetectionRate(
            self._engine.update_detection_window, self._engine.update_detection_max_share
        )

    @property
    def repository(self) -> Backend:
        return self._repository

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    @property
    def engine(self) -> EngineSettings:
        return self._engine

    @property
    def guard(self) -> EmbedderGuard:
        """The check of the running embedder against each project's record: every writer of
        vectors through this service asks it first (`check_write`)."""
        return self._guard

    def now(self) -> datetime:
        return self._clock()

    async def ready(self, tenant: Tenant) -> None:
        """Before a write: the first write to a tenant creates it (its schema, once per
        process)."""
        await self._schemas.ensure(tenant)

    async def ready_to_read(self, tenant: Tenant) -> bool:
        """Before a read: whether the tenant exists. A read of one that does not answers empty
        (or `NotFound`) and creates nothing in the database."""
        return await self._schemas.ensure_existing(tenant)

    async def still_exists(self, tenant: Tenant) -> bool:
        """Before a write to what a tenant holds (a reactivation): whether it exists now, even
        if this process saw it before (another process may have dropped it). One existence
        read; nothing is created."""
        return await self._repository.tenant_exists(tenant)

    async def drop_tenant(self, tenant: Tenant) -> None:
        """Delete the tenant and everything it holds (irreversible); a later write creates
        it anew."""
        await self._repository.drop_tenant(tenant)
        self._schemas.forget(tenant)
        self._guard.forget(tenant)

    async def schema_ready(self, tenant: Tenant) -> bool:
        await self._repository.ping()
        return await self._repository.schema_ready(tenant)

    async def store(
        self, tenant: Tenant, request: StoreRequest, *, memory_id: str | None = None
    ) -> StoreResult:
        (result,) = await self.store_each(
            tenant, [request], memory_ids=None if memory_id is None else [memory_id]
        )
        if isinstance(result, RetentiaError):
            raise result
        return result

    async def store_each(
        self,
        tenant: Tenant,
        requests: Sequence[StoreRequest],
        *,
        memory_ids: Sequence[str] | None = None,
    ) -> list[StoreResult | RetentiaError]:
        """Store each request on its own merits: a bad item (invalid value, edge to a missing
        memory) gets its error and writes nothing, and never costs the good items. The good
        items are written in one batch after all of them were validated; each is auto-linked to
        similar existing memories and checked for possible conflicts with them.

        `memory_ids` (aligned with `requests`) are the ids to store under, as an idempotent
        retry planned them: an item whose id is already stored is not written again but read
        back, with its machine-made links (its conflict hints are not kept, so it has none)."""
        return await self._store_each(tenant, requests, memory_ids, None)

    async def _store_each(
        self,
        tenant: Tenant,
        requests: Sequence[StoreRequest],
        memory_ids: Sequence[str] | None,
        write: _Write | None,
    ) -> list[StoreResult | RetentiaError]:
        """`store_each`, writing the good items with `write` (one call; by default
        `store_memories`)."""
        if len(requests) > MAX_BATCH:
            raise InvalidInput("memories", f"{len(requests)} items; the limit is {MAX_BATCH}")
        if not requests:
            return []
        if memory_ids is None:
            return await self._store_new(tenant, requests, range(len(requests)), None, write)
        if len(memory_ids) != len(requests):
            raise ValueError(f"{len(memory_ids)} ids for {len(requests)} requests")
        await self.ready(tenant)
        done = await self._stored(tenant, memory_ids)
        todo = [i for i, memory_id in enumerate(memory_ids) if memory_id not in done]
        fresh = await self._store_new(
            tenant, [requests[i] for i in todo], todo, [memory_ids[i] for i in todo], write
        )
        out: list[StoreResult | RetentiaError | None] = [done.get(i) for i in memory_ids]
        for index, result in zip(todo, fresh, strict=True):
            out[index] = result
        return [r for r in out if r is not None]

    def _write_memories(self, tenant: Tenant) -> _Write:
        async def write(
            memories: Sequence[Memory], edges: Sequence[MemoryEdge]
        ) -> Sequence[EdgeKey]:
            return await self._repository.store_memories(
                tenant, memories, edges, auto_link_cap=self._engine.auto_link_max_inbound
            )

        return write

    async def _stored(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, StoreResult]:
        """The memories of `ids` already stored, as a store's result: with the machine-made
        links they made when stored."""
        found = [m for m in await self._repository.get_memories(tenant, ids) if m is not None]
        out = {}
        for memory in found:
            edges = await self._repository.incident_edges(tenant, memory.id)
            auto = tuple(
                e for e in edges if e.source == memory.id and e.created_by is EdgeCreator.AUTO
            )
            out[memory.id] = StoreResult(memory, auto)
        return out

    async def _store_new(
        self,
        tenant: Tenant,
        requests: Sequence[StoreRequest],
        indices: Sequence[int],
        memory_ids: Sequence[str] | None,
        write: _Write | None,
    ) -> list[StoreResult | RetentiaError]:
        if not requests:
            return []
        await self.ready(tenant)
        now = self._clock()
        results: list[Memory | RetentiaError] = []
        edges_of: dict[str, list[MemoryEdge]] = {}
        for at, (index, request) in enumerate(zip(indices, requests, strict=True)):
            try:
                draft = self._draft(
                    request, now, index, None if memory_ids is None else memory_ids[at]
                )
                edges_of[draft.id] = [
                    new_edge(
                        draft.id,
                        rel.target,
                        rel.type,
                        draft.created_at,
                        weight=rel.weight,
                        reason=rel.reason,
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
        if drafts:
            await self._guard.check_write(tenant)  # before the embedding it would waste
        vectors = await self._embedder.embed([m.content for m in drafts])
        drafts = await self._assign_categories(requests, results, drafts, vectors)
        # While a migration mixes two models' vectors, nothing is compared: no auto-links, no
        # conflict hints, no updates found by similarity.
        comparable = await self._guard.search_refusal(tenant) is None
        nearby = await asyncio.gather(
            *(self._nearby(tenant, v) if comparable else _far() for v in vectors)
        )
        updates = (
            await detect_update_edges(
                self._repository,
                tenant,
                drafts,
                [[h.memory_id for h in near.hits] for near in nearby],
                self._update_rate,
            )
            if self._engine.update_detection
            else {}
        )
        # A live turn follows its session's newest. From reading a session's chain to writing,
        # its stores go one at a time (service.usecases.session_locks), stamped when they enter,
        # so the newest is always the last written. A turn stored with its own creation instant
        # keeps it and takes its place in the chain by it (`_session_sequence`).
        timed = {
            r.id
            for q, r in zip(requests, results, strict=True)
            if isinstance(r, Memory) and q.created_at is not None
        }
        sessions = {d.source_session for d in drafts if d.source_session}
        async with self._session_locks.hold(tenant, sessions):
            if sessions:
                now = max(now, self._clock())
                drafts = [
                    d
                    if d.id in timed
                    else d.model_copy(update={"created_at": now, "last_accessed_at": now})
                    for d in drafts
                ]
                edges_of = {
                    m: edges
                    if m in timed
                    else [
                        e.model_copy(update={"created_at": now, "last_validated_at": now})
                        for e in edges
                    ]
                    for m, edges in edges_of.items()
                }
            chain = await self._session_sequence(tenant, drafts)
            for source, target, linked_at in chain.links:
                # On the new turn's side of the edge (a new turn may precede a stored one).
                edges_of[target if target in edges_of else source].append(
                    new_edge(source, target, EdgeType.TEMPORAL_SEQUENCE, linked_at)
                )
            stored: dict[str, StoreResult] = {}
            # Auto-links this batch makes, so the inbound cap holds within a batch too.
            batch_inbound: Counter[str] = Counter()
            for draft, vector, near in zip(drafts, vectors, nearby, strict=True):
                auto, hints = self._neighbours(
                    draft, near, edges_of[draft.id], draft.created_at, batch_inbound
                )
                batch_inbound.update(e.target for e in auto)
                # An update the caller declared an edge for is theirs to state; one the store
                # also auto-linked is kept beside that RELATED_TO (a near-duplicate restating
                # a changed value is exactly what is both related and updated).
                declared = {e.target for e in edges_of[draft.id]}
                found = tuple(
                    e
                    for e in updates.get(draft.id, [])
                    if (e.target if e.source == draft.id else e.source) not in declared
                )
                edges = [*edges_of[draft.id], *auto, *found]
                connected = any(e.type in SUPPORTIVE_TYPES for e in edges)
                memory = draft.model_copy(
                    update={
                        "embedding": vector,
                        # A causal or supportive edge makes it part of the graph at once
                        # (tagged → active, docs/design.md §4.1).
                        "status": MemoryStatus.ACTIVE if connected else MemoryStatus.TAGGED,
                    }
                )
                stored[memory.id] = StoreResult(memory, tuple(auto), tuple(hints), found)
                edges_of[memory.id] = edges
            if stored:
                # Again just before the write: a migration that started meanwhile (in any
                # process) must not be passed by a vector of the old model.
                await self._guard.check_write(tenant)
                refused = await (write or self._write_memories(tenant))(
                    [r.memory for r in stored.values()],
                    [e for mid in stored for e in edges_of[mid]],
                )
                if refused:  # a concurrent store took the last of a target's cap first
                    stored, retagged = _without_links(stored, refused, edges_of)
                    if retagged:  # its refused auto-link was all that made it active
                        await self._repository.update_memories(tenant, retagged, ("status",))
                if chain.unlinks:  # the stored turns a new one now stands between
                    await self._repository.unlink(tenant, chain.unlinks)
        return [stored[r.id] if isinstance(r, Memory) else r for r in results]

    async def _assign_categories(
        self,
        requests: Sequence[StoreRequest],
        results: Sequence[Memory | RetentiaError],
        drafts: list[Memory],
        vectors: Sequence[Vector],
    ) -> list[Memory]:
        """Memories stored without a category get the classifier's (when one is set)."""
        if self._classifier is None:
            return drafts
        unlabelled = {
            r.id
            for q, r in zip(requests, results, strict=True)
            if isinstance(r, Memory) and q.category is None
        }
        picked = [(i, d) for i, d in enumerate(drafts) if d.id in unlabelled]
        if not picked:
            return drafts
        labels = await self._classifier.assign(
            [d.content for _, d in picked], [vectors[i] for i, _ in picked]
        )
        out = list(drafts)
        for (i, draft), label in zip(picked, labels, strict=True):
            out[i] = draft.model_copy(
                update={"category": label.category, "category_weights": label.weights}
            )
        return out

    async def _session_sequence(self, tenant: Tenant, drafts: Sequence[Memory]) -> _Chain:
        """Where the new turns go in their sessions' chains of TEMPORAL_SEQUENCE edges, which
        recall uses to bring back neighbouring turns. A chain follows the turns' creation
        instants, (created_at, id), not the order they arrive in: a live turn is the newest
        and follows the session's last; a turn imported with an earlier instant goes between
        the stored turns just before and just after it, whose edge it replaces."""
        turns = [d for d in drafts if d.source_session]
        if not turns or not isinstance(self._repository, RecallRepository):
            return _Chain((), ())
        around = await self._repository.session_neighbours(
            tenant, [(d.source_session or "", d.created_at, d.id) for d in turns]
        )
        # Per session, the stored turns around the new ones and the new ones, in chain order.
        places: dict[str, dict[str, tuple[datetime, bool]]] = {}
        stored: dict[str, dict[str, tuple[datetime, bool]]] = {}
        unlinks: dict[EdgeKey, None] = {}
        for draft, (previous, following) in zip(turns, around, strict=True):
            places.setdefault(draft.source_session or "", {})[draft.id] = (draft.created_at, True)
            for place in (previous, following):
                if place is not None:
                    stored.setdefault(draft.source_session or "", {})[place[0]] = (place[1], False)
            if previous is not None and following is not None:
                key = EdgeKey(
                    source=previous[0], target=following[0], type=EdgeType.TEMPORAL_SEQUENCE
                )
                unlinks[key] = None
        links = []
        for name, session in places.items():
            # A stable sort by instant: stored turns of one instant by id (as the queries
            # order them), then the new turns of that instant in the order they came.
            around_them = sorted(stored.get(name, {}).items(), key=lambda t: (t[1][0], t[0]))
            ordered = sorted([*around_them, *session.items()], key=lambda t: t[1][0])
            for (a, (a_at, a_new)), (b, (b_at, b_new)) in pairwise(ordered):
                # Two stored turns next to each other here may be far apart in the chain.
                if a_new or b_new:
                    links.append((a, b, max(a_at, b_at)))
        return _Chain(tuple(links), tuple(unlinks))

    async def _nearby(self, tenant: Tenant, vector: Vector) -> _Nearby:
        """What auto-linking and the conflict check need to know about the memories most
        similar to a new one (read before its session's lock is taken)."""
        s = self._engine
        if s.auto_link_max_per_store == 0 and s.conflict_similarity_floor > 1.0:
            return _Nearby([], [], {})
        hits: list[SearchHit] = await self._repository.vector_search(
            tenant, vector, max(10, s.auto_link_max_per_store + 5)
        )
        ids = [h.memory_id for h in hits]
        close = [h.memory_id for h in hits if h.score >= s.conflict_similarity_floor]
        inbound, found = await asyncio.gather(
            self._repository.auto_link_inbound(tenant, ids) if ids else _nothing(),
            self._repository.get_memories(tenant, close) if close else _nothing(),
        )
        return _Nearby(hits, list(inbound), {m.id: m.content for m in found if m is not None})

    def _neighbours(
        self,
        draft: Memory,
        nearby: _Nearby,
        declared: Sequence[MemoryEdge],
        now: datetime,
        batch_inbound: Mapping[str, int],
    ) -> tuple[list[MemoryEdge], list[ConflictHint]]:
        """Auto-links and conflict hints against the most similar existing memories, never
        parallel to a declared edge."""
        s = self._engine
        declared_targets = {e.target for e in declared}
        ids = [h.memory_id for h in nearby.hits]
        inbound = {i: n + batch_inbound.get(i, 0) for i, n in zip(ids, nearby.inbound, strict=True)}
        chosen = choose_auto_links(
            nearby.hits,
            self_id=draft.id,
            excluded=declared_targets,
            inbound=inbound,
            floor=self._auto_link_floor,
            max_per_store=s.auto_link_max_per_store,
            max_inbound=s.auto_link_max_inbound,
        )
        auto = [
            new_edge(
                draft.id,
                hit.memory_id,
                EdgeType.RELATED_TO,
                now,
                weight=min(1.0, max(0.0, hit.score)),
                reason=f"similar content (cosine {hit.score:.3f})",
                created_by=EdgeCreator.AUTO,
            )
            for hit in chosen
        ]
        candidates = [
            Candidate(h.memory_id, nearby.close[h.memory_id], h.score)
            for h in nearby.hits
            if h.score >= s.conflict_similarity_floor
            and h.memory_id not in declared_targets
            and h.memory_id in nearby.close
        ]
        hints = (
            conflict_hints(
                draft.content,
                candidates,
                similarity_floor=s.conflict_similarity_floor,
                token_overlap=s.conflict_token_overlap,
            )
            if candidates
            else []
        )
        return auto, hints

    def _draft(
        self, request: StoreRequest, now: datetime, index: int, memory_id: str | None = None
    ) -> Memory:
        if len(request.related) > MAX_RELATED:
            raise InvalidInput(
                f"memories[{index}].related",
                f"{len(request.related)} edges; the limit is {MAX_RELATED}",
            )
        for rel in request.related:
            parse_memory_id(rel.target)
        # Here rather than in the Memory model: memories stored before the limits still read.
        check_metadata("metadata", request.metadata)
        created_at = self._created_at(request.created_at, now, index)
        # History stored with its own, earlier instant: its lifecycle clocks start on receipt.
        received_at = now if created_at < now else None
        memory = build(
            Memory,
            id=memory_id or new_memory_id(),
            content=request.content,
            summary=request.summary,
            entities=tuple(dict.fromkeys(e.strip() for e in request.entities if e.strip())),
            category=request.category or Category.OTHER,
            status=MemoryStatus.TAGGED,
            pinned=request.pinned,
            visibility=request.visibility,
            created_at=created_at,
            received_at=received_at,
            last_accessed_at=created_at,
            event_time=request.event_time,
            source_session=request.source_session,
            metadata=dict(request.metadata),
        )
        return dated(memory)  # the window its words name: derived at every write

    def _created_at(self, wanted: datetime | None, now: datetime, index: int) -> datetime:
        """The creation instant a store asks for, checked: aware, not before 1970, not
        ahead of the clock by more than the allowed skew (a client's clock may run fast)."""
        if wanted is None:
            return now
        name = f"memories[{index}].created_at"
        wanted = check_instant(name, wanted)
        skew = timedelta(seconds=self._engine.created_at_max_skew_seconds)
        if wanted > now + skew:
            raise InvalidInput(
                name,
                f"{wanted.isoformat()} is in the future; the limit is the service's clock "
                f"({now.isoformat()}) plus {skew.total_seconds():g} s",
            )
        if wanted < EARLIEST_CREATED_AT:
            raise InvalidInput(
                name,
                f"{wanted.isoformat()} is before the limit {EARLIEST_CREATED_AT.isoformat()}",
            )
        return wanted

    async def recent(
        self, tenant: Tenant, *, limit: int, after: tuple[datetime, str] | None = None
    ) -> list[Memory]:
        """The tenant's memories newest first; `after` is the (created_at, id) of the last one
        already seen (a page's cursor)."""
        return await self._repository.recent_memories(tenant, limit=limit, after=after)

    async def tenants(self) -> list[Tenant]:
        """Every tenant the backend holds, the reserved ones included."""
        return await self._repository.list_tenants()

    async def get(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory | None]:
        if not await self.ready_to_read(tenant):
            return [None for _ in ids]
        return await self._repository.get_memories(tenant, ids)

    async def link(self, tenant: Tenant, edges: Sequence[LinkRequest]) -> list[MemoryEdge]:
        await self.ready(tenant)
        now = self._clock()
        built = [
            new_edge(
                e.source,
                e.target,
                e.type,
                now,
                weight=e.weight,
                reason=e.reason,
                created_by=e.created_by,
            )
            for e in edges
        ]
        await self._repository.link(tenant, built)
        return built

    async def unlink(self, tenant: Tenant, keys: Sequence[EdgeKey]) -> list[bool]:
        if not await self.ready_to_read(tenant):  # nothing to remove, nothing to create
            return [False for _ in keys]
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
        after: tuple[int, str] | None = None,
    ) -> Subgraph:
        """A page of the memories reached from `start` (`GraphRepository.traverse`)."""
        if not await self.ready_to_read(tenant):
            raise NotFound("memory", parse_memory_id(start))
        return await self._repository.traverse(
            tenant,
            start,
            depth=depth,
            edge_types=edge_types,
            direction=direction,
            max_nodes=max_nodes,
            after=after,
        )

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]:
        if not await self.ready_to_read(tenant):
            return [None for _ in ids]
        return await self._repository.degrees(tenant, ids)

    async def _existing(self, tenant: Tenant, memory_id: str) -> Memory:
        (memory,) = await self.get(tenant, [memory_id])
        if memory is None:
            raise NotFound("memory", parse_memory_id(memory_id))
        return memory

    async def amend(
        self,
        tenant: Tenant,
        memory_id: str,
        content: str,
        reason: str | None = None,
        *,
        new_id: str | None = None,
    ) -> StoreResult:
        """A new memory that SUPERSEDES the old one; the old one is kept, marked
        `superseded_by` and down-ranked (its score × `superseded_factor`). The new memory and
        the mark are one write that the database makes only while nothing supersedes the old
        one (`store_amendment`): of concurrent amendments of one memory, in any number of
        processes, exactly one succeeds and the others raise `Conflict` having written
        nothing. `new_id`: the new memory's id, as an idempotent retry planned it (an amend
        that already made it is finished, not made again)."""
        old = await self._existing(tenant, memory_id)
        if old.superseded_by is not None and old.superseded_by != new_id:
            raise superseded_already(old.id, old.superseded_by)  # before embedding anything
        request = StoreRequest(
            content=content,
            category=old.category,
            entities=old.entities,
            pinned=old.pinned,
            visibility=old.visibility,
            source_session=old.source_session,
            event_time=old.event_time,
            metadata=dict(old.metadata),
            related=(RelatedEdge(old.id, EdgeType.SUPERSEDES, 1.0, reason),),
        )
        ids = None if new_id is None else [new_id]
        if old.superseded_by is not None:  # a retry of this amend: made and marked already
            (done,) = await self._store_each(tenant, [request], ids, None)
            if isinstance(done, RetentiaError):
                raise done
            return done

        async def write(
            memories: Sequence[Memory], edges: Sequence[MemoryEdge]
        ) -> Sequence[EdgeKey]:
            (successor,) = memories
            return await self._repository.store_amendment(
                tenant,
                successor,
                edges,
                supersedes=old.id,
                score_factor=self._engine.superseded_factor,
                auto_link_cap=self._engine.auto_link_max_inbound,
            )

        (result,) = await self._store_each(tenant, [request], ids, write)
        if isinstance(result, RetentiaError):
            raise result
        return result

    async def set_pinned(self, tenant: Tenant, ids: Sequence[str], pinned: bool) -> list[Memory]:
        return await self._set(tenant, ids, "pinned", pinned)

    async def promote_to_org(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory]:
        return await self._set(tenant, ids, "visibility", Visibility.ORG)

    async def _set(
        self, tenant: Tenant, ids: Sequence[str], field: str, value: object
    ) -> list[Memory]:
        memories = [await self._existing(tenant, i) for i in ids]
        changed = [m.model_copy(update={field: value}) for m in memories]
        await self._repository.update_memories(tenant, changed, fields=(field,))
        return changed

    async def delete(self, tenant: Tenant, ids: Sequence[str]) -> DeleteReport:
        """Delete memories with their edges; report the neighbours left without any causal or
        supportive edge, and leave a tombstone for each superseded one. The memory graph
        alone: a surface deletes through `service.usecases.deletion`, which also retracts the
        facts only these memories asserted."""
        wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
        if not await self.ready_to_read(tenant):  # nothing to delete, nothing to create
            return DeleteReport(deleted=(), missing=tuple(wanted), new_orphans=(), tombstones=())
        found = {m.id: m for m in await self._repository.get_memories(tenant, wanted) if m}
        neighbours: set[str] = set()
        for memory_id in found:
            for e in await self._repository.incident_edges(tenant, memory_id):
                if e.type in SUPPORTIVE_TYPES:
                    neighbours.update((e.source, e.target))
        neighbours -= set(found)
        order = sorted(neighbours)
        before = await self._repository.degrees(tenant, order)
        now = self._clock()
        tombstones = [
            Tombstone(
                id=m.id,
                superseded_by=m.superseded_by,
                content_hash=content_hash(m.content),
                deleted_at=now,
            )
            for m in found.values()
            if m.superseded_by is not None
        ]
        await self._repository.write_tombstones(tenant, tombstones)
        await self._repository.delete_memories(tenant, list(found))
        after = await self._repository.degrees(tenant, order)
        orphaned = tuple(
            i
            for i, b, a in zip(order, before, after, strict=True)
            if b is not None and a is not None and b.delta > 0 and a.delta == 0
        )
        return DeleteReport(
            deleted=tuple(i for i in wanted if i in found),
            missing=tuple(i for i in wanted if i not in found),
            new_orphans=orphaned,
            tombstones=tuple(t.id for t in tombstones),
        )

    async def supersession_chain(self, tenant: Tenant, memory_id: str) -> list[str]:
        """Ids from `memory_id` forward through every correction, across tombstones."""
        chain = [parse_memory_id(memory_id)]
        if not await self.ready_to_read(tenant):
            raise NotFound("memory", chain[0])
        while len(chain) < 1000:
            (memory,) = await self._repository.get_memories(tenant, [chain[-1]])
            if memory is not None:
                successor = memory.superseded_by
            else:
                (stone,) = await self._repository.get_tombstones(tenant, [chain[-1]])
                if stone is None:
                    if len(chain) == 1:
                        raise NotFound("memory", chain[0])
                    break
                successor = stone.superseded_by
            if successor is None or successor in chain:
                break
            chain.append(successor)
        return chain

    async def stats(self, tenant: Tenant) -> GraphStats:
        await self.ready_to_read(tenant)  # a tenant that does not exist reads as empty
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
