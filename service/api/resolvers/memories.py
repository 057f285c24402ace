"""Memories: read one, page, traverse, count and explain them; store, amend, link, pin,
promote, delete and reactivate them."""

from __future__ import annotations

from typing import Annotated

import strawberry

from schema import RetentiaError, parse_memory_id
from service.api import cursors
from service.api.errors import as_result, deny, maps_errors, union_members
from service.api.limits import check_count, check_page
from service.api.resolvers._common import READ, WRITE, IdempotencyKey, Info, id_list
from service.api.types.edge import MemoryEdgeType
from service.api.types.enums import Direction, EdgeType
from service.api.types.explanation import ExplanationType
from service.api.types.inputs import LinkInput, StoreMemoryInput
from service.api.types.memory import MemoryType
from service.api.types.memory_page import MemoryConnection, memory_position
from service.api.types.recall import FactRecallHitType, RecallHitType
from service.api.types.reports import DeleteReportType, ReactivationReportType
from service.api.types.results import (
    AmendResult,
    DeleteResult,
    ExplainResult,
    LinkResult,
    LinkSuccess,
    MemoriesResult,
    MemoryList,
    MemoryPageResult,
    MemoryResult,
    ReactivateResult,
    StatsResult,
    StoreMemoryResult,
    TraverseResult,
)
from service.api.types.stats import StatsType
from service.api.types.store import StoreSuccess
from service.api.types.subgraph import SubgraphType, traverse_position
from service.usecases.auth import AuthError
from service.usecases.store import Stored

#: `storeMemories` maps each item's error itself: its result is a list of unions.
_STORE_MEMBERS = union_members(StoreMemoryResult)


@strawberry.type
class MemoryQuery:
    @strawberry.field(description="One memory by id.")
    @maps_errors
    async def memory(self, info: Info, id: strawberry.ID) -> MemoryResult:
        tenant = info.context.require(READ).tenant()
        memory_id = parse_memory_id(str(id))
        memory = await info.context.loaders.memories.load(memory_id)
        if memory is None:
            raise await info.context.services.forgotten.missing(tenant, memory_id)
        return MemoryType.from_domain(memory)

    @strawberry.field(
        description="The tenant's memories, newest first, a page at a time: pass "
        "`pageInfo.endCursor` as `after` for the next page."
    )
    @maps_errors
    async def memories(
        self, info: Info, first: int = 20, after: str | None = None
    ) -> MemoryPageResult:
        tenant = info.context.require(READ).tenant()
        check_page("memories", "first", first)
        found = await info.context.services.memories.recent(
            tenant,
            limit=first + 1,
            after=memory_position("memories", after),
        )
        return MemoryConnection.from_domain(found, first, "memories")

    @strawberry.field(
        description="Breadth-first from a memory: the reached memories and every edge of the "
        "followed types among them. An empty `edgeTypes` follows every type. The memories "
        "come in the order (hops from the start, id), `first` at a time: pass "
        "`pageInfo.endCursor` as `after` for the next page."
    )
    @maps_errors
    async def traverse(
        self,
        info: Info,
        id: strawberry.ID,
        depth: int = 2,
        edge_types: list[EdgeType] | None = None,
        direction: Direction = Direction.BOTH,
        first: int = 200,
        after: str | None = None,
        max_nodes: Annotated[
            int | None, strawberry.argument(deprecation_reason="Use `first` (and `after`).")
        ] = None,
    ) -> TraverseResult:
        tenant = info.context.require(READ).tenant()
        argument, size = ("first", first) if max_nodes is None else ("maxNodes", max_nodes)
        size = check_page("traverse", argument, size)
        types = list(edge_types or ())
        scope = cursors.scope_of(str(id), depth, sorted(str(t) for t in types), direction)
        subgraph = await info.context.services.memories.traverse(
            tenant,
            str(id),
            depth=depth,
            edge_types=types,
            direction=direction,
            max_nodes=size,
            after=traverse_position(scope, after),
        )
        return SubgraphType.from_domain(subgraph, scope)

    @strawberry.field(description="Counts for the tenant: memories, edges by type, orphans, κ_max.")
    @maps_errors
    async def stats(self, info: Info) -> StatsResult:
        tenant = info.context.require(READ).tenant()
        return StatsType.from_domain(await info.context.services.memories.stats(tenant))

    @strawberry.field(
        description="Every number behind a memory's score and fate: the formula, each force "
        "with its inputs (against `query` when given), status and next transition, each "
        "forgetting conjunct, removal impact, edges with staleness, category policy."
    )
    @maps_errors
    async def explain(
        self, info: Info, id: strawberry.ID, query: str | None = None
    ) -> ExplainResult:
        tenant = info.context.require(READ).tenant()
        services = info.context.services
        ranked = await services.explain.explain_ranked(tenant, str(id), query)
        hit = None
        if ranked.hit is not None:
            hit = RecallHitType.from_domain(ranked.hit, concise=False)
        facts = [FactRecallHitType.from_domain(f) for f in ranked.facts]
        return ExplanationType.from_domain(ranked.explanation, hit, facts)


@strawberry.type
class MemoryMutation:
    @strawberry.mutation(
        description="Store one memory, with optional typed edges to existing memories "
        "(validated before anything is written). Returns the machine-made links and possible "
        "conflicts with existing memories."
    )
    @maps_errors
    async def store_memory(
        self, info: Info, input: StoreMemoryInput, idempotency_key: IdempotencyKey = None
    ) -> StoreMemoryResult:
        tenant = info.context.require(WRITE).tenant()
        services = info.context.services
        stored = await services.writes.store(
            tenant, input.to_request(), input.fact_dicts(), key=idempotency_key
        )
        return StoreSuccess.from_domain(stored.result, stored.facts)

    @strawberry.mutation(
        description="Store several memories; each item succeeds or fails on its own, and a bad "
        "item never costs the others."
    )
    async def store_memories(
        self,
        info: Info,
        inputs: list[StoreMemoryInput],
        idempotency_key: IdempotencyKey = None,
    ) -> list[StoreMemoryResult]:
        try:
            tenant = info.context.require(WRITE).tenant()
            services = info.context.services
            stored = await services.writes.store_each(
                tenant, [(i.to_request(), i.fact_dicts()) for i in inputs], key=idempotency_key
            )
        except RetentiaError as e:  # a failure of the whole call is every item's result
            if isinstance(e, AuthError):
                deny(info, e)
            return [as_result(e, _STORE_MEMBERS)] * len(inputs)
        return [
            StoreSuccess.from_domain(s.result, s.facts)
            if isinstance(s, Stored)
            else as_result(s, _STORE_MEMBERS)
            for s in stored
        ]

    @strawberry.mutation(
        description="Correct a memory: a new memory that SUPERSEDES it; the old one is kept, "
        "marked supersededBy and down-ranked."
    )
    @maps_errors
    async def amend_memory(
        self,
        info: Info,
        id: strawberry.ID,
        content: str,
        reason: str | None = None,
        idempotency_key: IdempotencyKey = None,
    ) -> AmendResult:
        tenant = info.context.require(WRITE).tenant()
        result = await info.context.services.writes.amend(
            tenant, str(id), content, reason, key=idempotency_key
        )
        return StoreSuccess.from_domain(result)

    @strawberry.mutation(
        description="Create typed edges between existing memories: all of them, or none if any "
        "end is missing or any edge is invalid."
    )
    @maps_errors
    async def link_memories(
        self, info: Info, links: list[LinkInput], idempotency_key: IdempotencyKey = None
    ) -> LinkResult:
        tenant = info.context.require(WRITE).tenant()
        check_count("links", links)
        edges = await info.context.services.writes.link(
            tenant, [link.to_request() for link in links], key=idempotency_key
        )
        return LinkSuccess(edges=[MemoryEdgeType.from_domain(e) for e in edges])

    @strawberry.mutation(description="Pin memories: a pinned memory is never forgotten.")
    @maps_errors
    async def pin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        tenant = info.context.require(WRITE).tenant()
        memories = await info.context.services.writes.set_pinned(tenant, id_list(ids), True)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(description="Unpin memories.")
    @maps_errors
    async def unpin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        tenant = info.context.require(WRITE).tenant()
        memories = await info.context.services.writes.set_pinned(tenant, id_list(ids), False)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(description="Make memories visible to the whole org (never forgotten).")
    @maps_errors
    async def promote_to_org(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        tenant = info.context.require(WRITE).tenant()
        memories = await info.context.services.writes.promote_to_org(tenant, id_list(ids))
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(
        description="Delete memories with their edges, and retract the facts that only they "
        "asserted; reports the neighbours left as orphans, the tombstones left for superseded "
        "memories and the facts retracted."
    )
    @maps_errors
    async def delete_memories(self, info: Info, ids: list[strawberry.ID]) -> DeleteResult:
        tenant = info.context.require(WRITE).tenant()
        report = await info.context.services.writes.delete(tenant, id_list(ids))
        return DeleteReportType.from_domain(report)

    @strawberry.mutation(
        description="Record a direct recall of each memory (what every recall hit gets) and run "
        "the cascade over supportive edges."
    )
    @maps_errors
    async def reactivate_memories(
        self, info: Info, ids: list[strawberry.ID], cascade: bool = True
    ) -> ReactivateResult:
        tenant = info.context.require(WRITE).tenant()
        report = await info.context.services.reactivations.reactivate_now(
            tenant, id_list(ids), cascade=cascade
        )
        return ReactivationReportType.from_domain(report)
