"""The GraphQL schema: queries and mutations over the memory and lifecycle use cases."""

from __future__ import annotations

import logging
import uuid
from datetime import datetime
from typing import Annotated

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaskErrors, QueryDepthLimiter

from schema import Direction, EdgeType, FactState, NotFound, RetentiaError, parse_memory_id
from schema.facts import FactWriter
from service.api.context import Context
from service.api.types import errors
from service.api.types.edge import MemoryEdgeType
from service.api.types.enums import CategoryEnum, DirectionEnum, EdgeTypeEnum, FactStateEnum
from service.api.types.errors import ConflictError, InvalidInputError, NotFoundError
from service.api.types.explanation import ExplanationType
from service.api.types.facts import (
    EntityType,
    FactBatchType,
    FactInput,
    FactList,
    FactType,
    PredicateList,
)
from service.api.types.inputs import LinkInput, StoreMemoryInput
from service.api.types.memory import MemoryType
from service.api.types.reports import (
    CorePreferencesType,
    DeleteReportType,
    MaintenanceReportType,
    ReactivationReportType,
)
from service.api.types.stats import StatsType
from service.api.types.store import StoreSuccess
from service.api.types.subgraph import SubgraphType
from service.core_preferences import (
    approve_core,
    core_candidates,
    get_core_preferences,
    list_core,
    preferences,
    set_core_preferences,
)
from service.explain import explain
from service.maintenance import maintain
from service.reactivation import reactivate

log = logging.getLogger(__name__)

Info = strawberry.Info[Context, None]

MemoryResult = Annotated[
    MemoryType | NotFoundError | InvalidInputError, strawberry.union("MemoryResult")
]
StoreMemoryResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError, strawberry.union("StoreMemoryResult")
]
AmendResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError | ConflictError,
    strawberry.union("AmendResult"),
]
TraverseResult = Annotated[
    SubgraphType | NotFoundError | InvalidInputError, strawberry.union("TraverseResult")
]
StatsResult = Annotated[StatsType | InvalidInputError, strawberry.union("StatsResult")]
ExplainResult = Annotated[
    ExplanationType | NotFoundError | InvalidInputError, strawberry.union("ExplainResult")
]


@strawberry.type
class LinkSuccess:
    edges: list[MemoryEdgeType]


@strawberry.type
class MemoryList:
    memories: list[MemoryType]


@strawberry.type
class IdList:
    ids: list[strawberry.ID]


LinkResult = Annotated[
    LinkSuccess | NotFoundError | InvalidInputError, strawberry.union("LinkResult")
]
MemoriesResult = Annotated[
    MemoryList | NotFoundError | InvalidInputError, strawberry.union("MemoriesResult")
]
DeleteResult = Annotated[DeleteReportType | InvalidInputError, strawberry.union("DeleteResult")]
ReactivateResult = Annotated[
    ReactivationReportType | NotFoundError | InvalidInputError,
    strawberry.union("ReactivateResult"),
]
MaintenanceResult = Annotated[
    MaintenanceReportType | InvalidInputError, strawberry.union("MaintenanceResult")
]
CorePreferencesResult = Annotated[
    CorePreferencesType | InvalidInputError, strawberry.union("CorePreferencesResult")
]
IdsResult = Annotated[IdList | InvalidInputError, strawberry.union("IdsResult")]
FactsResult = Annotated[FactList | InvalidInputError, strawberry.union("FactsResult")]
EntityResult = Annotated[
    EntityType | NotFoundError | InvalidInputError, strawberry.union("EntityResult")
]
IngestFactsResult = Annotated[
    FactBatchType | InvalidInputError, strawberry.union("IngestFactsResult")
]
RetractFactResult = Annotated[
    FactType | NotFoundError | InvalidInputError | ConflictError,
    strawberry.union("RetractFactResult"),
]
PredicatesResult = Annotated[
    PredicateList | InvalidInputError, strawberry.union("PredicatesResult")
]
#: Most facts one read returns.
MAX_FACT_PAGE = 1000


def _invalid_only(error: RetentiaError) -> InvalidInputError:
    result = errors.from_domain(error)
    if isinstance(result, InvalidInputError):
        return result
    raise error


@strawberry.type
class Query:
    @strawberry.field(description="One memory by id.")
    async def memory(self, info: Info, id: strawberry.ID) -> MemoryResult:
        try:
            memory_id = parse_memory_id(str(id))
            memory = await info.context.loaders.memories.load(memory_id)
        except RetentiaError as e:
            return errors.from_domain(e)
        if memory is None:
            return NotFoundError(
                kind="memory", key=memory_id, message=f"memory {memory_id!r} does not exist"
            )
        return MemoryType.from_domain(memory)

    @strawberry.field(
        description="Breadth-first from a memory: the reached memories and every edge of the "
        "followed types among them. An empty `edgeTypes` follows every type."
    )
    async def traverse(
        self,
        info: Info,
        id: strawberry.ID,
        depth: int = 2,
        edge_types: list[EdgeTypeEnum] | None = None,  # type: ignore[valid-type]
        direction: DirectionEnum = Direction.BOTH,  # type: ignore[valid-type]
        max_nodes: int = 200,
    ) -> TraverseResult:
        try:
            subgraph = await info.context.services.memories.traverse(
                info.context.tenant(),
                str(id),
                depth=depth,
                edge_types=[EdgeType(t) for t in edge_types or ()],
                direction=Direction(direction),
                max_nodes=max_nodes,
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return SubgraphType.from_domain(subgraph)

    @strawberry.field(description="Counts for the tenant: memories, edges by type, orphans, κ_max.")
    async def stats(self, info: Info) -> StatsResult:
        try:
            stats = await info.context.services.memories.stats(info.context.tenant())
        except RetentiaError as e:
            return _invalid_only(e)
        return StatsType.from_domain(stats)

    @strawberry.field(
        description="Every number behind a memory's score and fate: the formula, each force "
        "with its inputs (against `query` when given), status and next transition, each "
        "forgetting conjunct, removal impact, edges with staleness, category policy."
    )
    async def explain(
        self, info: Info, id: strawberry.ID, query: str | None = None
    ) -> ExplainResult:
        try:
            explanation = await explain(
                info.context.services.memories, info.context.tenant(), str(id), query
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return ExplanationType.from_domain(explanation)

    @strawberry.field(
        description="Facts true at `asOf` (now when neither an instant nor a range is given), "
        "or effective at some instant of [from, to) — facts superseded part-way included. "
        "Filters: subject, predicate, entity (as subject or object), states. Newest first."
    )
    async def facts(
        self,
        info: Info,
        subject: str | None = None,
        predicate: str | None = None,
        entity: str | None = None,
        as_of: datetime | None = None,
        from_: Annotated[datetime | None, strawberry.argument(name="from")] = None,
        to: datetime | None = None,
        states: list[FactStateEnum] | None = None,  # type: ignore[valid-type]
        limit: int = 100,
    ) -> FactsResult:
        try:
            if not 1 <= limit <= MAX_FACT_PAGE:
                return InvalidInputError(
                    field="limit", message=f"limit must be in 1..{MAX_FACT_PAGE}, got {limit}"
                )
            facts = await info.context.services.facts.facts(
                info.context.tenant(),
                subject=subject,
                predicate=predicate,
                entity=entity,
                at=as_of,
                start=from_,
                end=to,
                states=[FactState(s) for s in states] if states else None,
                limit=limit,
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return FactList(facts=[FactType.from_domain(f) for f in facts])

    @strawberry.field(
        description="Every version of a slot (subject, predicate) ever recorded, oldest first: "
        "superseded, retracted and expired ones included."
    )
    async def fact_history(self, info: Info, subject: str, predicate: str) -> FactsResult:
        try:
            facts = await info.context.services.facts.slot_history(
                info.context.tenant(), subject, predicate
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return FactList(facts=[FactType.from_domain(f) for f in facts])

    @strawberry.field(description="An entity by name, with every fact about it, oldest first.")
    async def entity(self, info: Info, name: str) -> EntityResult:
        try:
            tenant = info.context.tenant()
            service = info.context.services.facts
            found = await service.entity(tenant, name)
            if found is None:
                raise NotFound("entity", name)
            history = await service.entity_history(tenant, name)
        except RetentiaError as e:
            return errors.from_domain(e)
        return EntityType.from_domain(found, history)

    @strawberry.field(description="Memories with status core, newest first.")
    async def core_memories(self, info: Info, limit: int = 100) -> MemoriesResult:
        try:
            memories = await list_core(info.context.services.memories, info.context.tenant(), limit)
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.field(
        description="Memories that reached core promotion in a category that "
        "needs approval (see setCorePreferences)."
    )
    async def core_candidates(self, info: Info) -> IdsResult:
        try:
            ids = await core_candidates(info.context.services.memories, info.context.tenant())
        except RetentiaError as e:
            return _invalid_only(e)
        return IdList(ids=[strawberry.ID(i) for i in ids])

    @strawberry.field(description="The tenant's core preferences.")
    async def core_preferences(self, info: Info) -> CorePreferencesResult:
        try:
            prefs = await get_core_preferences(
                info.context.services.memories, info.context.tenant()
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return CorePreferencesType.from_domain(prefs)


@strawberry.type
class Mutation:
    @strawberry.mutation(
        description="Store one memory, with optional typed edges to existing memories "
        "(validated before anything is written). Returns the machine-made links and possible "
        "conflicts with existing memories."
    )
    async def store_memory(self, info: Info, input: StoreMemoryInput) -> StoreMemoryResult:
        try:
            tenant = info.context.tenant()
            result = await info.context.services.memories.store(tenant, input.to_request())
            facts = await info.context.services.memory_facts.after_store(
                tenant, result.memory, input.fact_dicts()
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return StoreSuccess.from_domain(result, facts)

    @strawberry.mutation(
        description="Store several memories; each item succeeds or fails on its own, and a bad "
        "item never costs the others."
    )
    async def store_memories(
        self, info: Info, inputs: list[StoreMemoryInput]
    ) -> list[StoreMemoryResult]:
        try:
            tenant = info.context.tenant()
            results = await info.context.services.memories.store_each(
                tenant, [i.to_request() for i in inputs]
            )
            out: list[StoreMemoryResult] = []
            for item, r in zip(inputs, results, strict=True):
                if isinstance(r, RetentiaError):
                    out.append(errors.from_domain(r))
                    continue
                facts = await info.context.services.memory_facts.after_store(
                    tenant, r.memory, item.fact_dicts()
                )
                out.append(StoreSuccess.from_domain(r, facts))
        except RetentiaError as e:
            return [errors.from_domain(e)] * len(inputs)
        return out

    @strawberry.mutation(
        description="Correct a memory: a new memory that SUPERSEDES it; the old one is kept, "
        "marked supersededBy and down-ranked."
    )
    async def amend_memory(
        self, info: Info, id: strawberry.ID, content: str, reason: str | None = None
    ) -> AmendResult:
        try:
            result = await info.context.services.memories.amend(
                info.context.tenant(), str(id), content, reason
            )
        except RetentiaError as e:
            return errors.from_domain_or_conflict(e)
        return StoreSuccess.from_domain(result)

    @strawberry.mutation(
        description="Create typed edges between existing memories: all of them, or none if any "
        "end is missing or any edge is invalid."
    )
    async def link_memories(self, info: Info, links: list[LinkInput]) -> LinkResult:
        try:
            edges = await info.context.services.memories.link(
                info.context.tenant(), [link.to_request() for link in links]
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return LinkSuccess(edges=[MemoryEdgeType.from_domain(e) for e in edges])

    @strawberry.mutation(description="Pin memories: a pinned memory is never forgotten.")
    async def pin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        return await _set_pinned(info, ids, True)

    @strawberry.mutation(description="Unpin memories.")
    async def unpin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        return await _set_pinned(info, ids, False)

    @strawberry.mutation(description="Make memories visible to the whole org (never forgotten).")
    async def promote_to_org(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            memories = await info.context.services.memories.promote_to_org(
                info.context.tenant(), [str(i) for i in ids]
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(
        description="Delete memories with their edges; reports the neighbours left as orphans "
        "and the tombstones left for superseded memories."
    )
    async def delete_memories(self, info: Info, ids: list[strawberry.ID]) -> DeleteResult:
        try:
            report = await info.context.services.memories.delete(
                info.context.tenant(), [str(i) for i in ids]
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return DeleteReportType.from_domain(report)

    @strawberry.mutation(
        description="Record a direct recall of each memory (what every recall hit gets) and run "
        "the cascade over supportive edges."
    )
    async def reactivate_memories(
        self, info: Info, ids: list[strawberry.ID], cascade: bool = True
    ) -> ReactivateResult:
        try:
            report = await reactivate(
                info.context.services.memories,
                info.context.tenant(),
                [str(i) for i in ids],
                cascade=cascade,
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return ReactivationReportType.from_domain(report)

    @strawberry.mutation(
        description="Set the tenant's core preferences (a category may be in one list at most)."
    )
    async def set_core_preferences(
        self,
        info: Info,
        auto: list[CategoryEnum] | None = None,  # type: ignore[valid-type]
        approval: list[CategoryEnum] | None = None,  # type: ignore[valid-type]
        excluded: list[CategoryEnum] | None = None,  # type: ignore[valid-type]
    ) -> CorePreferencesResult:
        try:
            prefs = preferences(
                [str(c) for c in auto or ()],
                [str(c) for c in approval or ()],
                [str(c) for c in excluded or ()],
            )
            saved = await set_core_preferences(
                info.context.services.memories, info.context.tenant(), prefs
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return CorePreferencesType.from_domain(saved)

    @strawberry.mutation(description="Promote memories to core by hand (e.g. approved candidates).")
    async def approve_core(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            memories = await approve_core(
                info.context.services.memories, info.context.tenant(), [str(i) for i in ids]
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(
        description="Write facts through the one supersession path. One result per fact "
        "(inserted, superseded, skipped, softConflict or error with its reason) and the "
        "counts; a bad fact never costs the batch its good ones, and a retried batch changes "
        "nothing."
    )
    async def ingest_facts(self, info: Info, facts: list[FactInput]) -> IngestFactsResult:
        try:
            result = await info.context.services.facts.apply_facts(
                info.context.tenant(), [f.to_dict() for f in facts], FactWriter.API
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return FactBatchType.from_domain(result)

    @strawberry.mutation(
        description="Retract an active fact at `at` (now by default): it leaves every instant "
        "from then on and stays in every earlier one; its derived edge closes at `at`."
    )
    async def retract_fact(
        self, info: Info, id: strawberry.ID, at: datetime | None = None
    ) -> RetractFactResult:
        try:
            fact = await info.context.services.facts.retract(info.context.tenant(), str(id), at)
        except RetentiaError as e:
            return errors.from_domain_or_conflict(e)
        return FactType.from_domain(fact)

    @strawberry.mutation(
        description="Register predicates as single-valued for the tenant (a new value replaces "
        "the old one). Returns the tenant's registered list."
    )
    async def register_functional_predicates(
        self, info: Info, predicates: list[str]
    ) -> PredicatesResult:
        try:
            names = await info.context.services.facts.register_functional(
                info.context.tenant(), predicates
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return PredicateList(predicates=names)

    @strawberry.mutation(
        description="One maintenance pass over the tenant: rescoring, status transitions, "
        "consolidation, core promotion and forgetting. With dryRun nothing is written."
    )
    async def run_maintenance(self, info: Info, dry_run: bool = False) -> MaintenanceResult:
        try:
            report = await maintain(
                info.context.services.memories,
                info.context.tenant(),
                dry_run=dry_run,
                summarizer=info.context.services.summarizer,
            )
        except RetentiaError as e:
            return _invalid_only(e)
        return MaintenanceReportType.from_domain(report)


async def _set_pinned(info: Info, ids: list[strawberry.ID], pinned: bool) -> MemoriesResult:
    try:
        memories = await info.context.services.memories.set_pinned(
            info.context.tenant(), [str(i) for i in ids], pinned
        )
    except RetentiaError as e:
        return errors.from_domain(e)
    return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])


def _is_unexpected(error: GraphQLError) -> bool:
    """Mask failures of our own code; keep GraphQL's own (syntax, validation) messages."""
    return error.original_error is not None and not isinstance(error.original_error, GraphQLError)


class LoggedMaskErrors(MaskErrors):
    """Masks unexpected errors and logs each with a reference the client also sees."""

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        reference = uuid.uuid4().hex[:12]
        log.error(
            "unexpected error in GraphQL resolver (reference %s)",
            reference,
            exc_info=error.original_error,
        )
        masked = super().anonymise_error(error)
        masked.message = f"Unexpected error (reference {reference})."
        return masked


def build_schema() -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        extensions=[
            lambda: QueryDepthLimiter(max_depth=12),
            lambda: LoggedMaskErrors(should_mask_error=_is_unexpected),
        ],
    )
