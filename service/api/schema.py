"""The GraphQL schema: queries and mutations over the memory, fact, lifecycle and API-key use
cases. Every resolver's first act is one `info.context.require(permission)`."""

from __future__ import annotations

import logging
import uuid
from datetime import datetime
from typing import Annotated

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaskErrors, MaxTokensLimiter, ParserCache

from schema import (
    Conflict,
    Direction,
    EdgeType,
    FactState,
    NotFound,
    RetentiaError,
    parse_memory_id,
)
from schema.facts import FactWriter
from service.api.context import Context
from service.api.limits import (
    CHECKED_DOCUMENTS,
    MAX_TOKENS,
    CheckedDocuments,
    QueryCostLimiter,
    check_count,
    check_page,
)
from service.api.types import errors
from service.api.types.api_key import ApiKeyList, ApiKeyType, NewApiKey
from service.api.types.edge import MemoryEdgeType
from service.api.types.enums import (
    CategoryEnum,
    DirectionEnum,
    EdgeTypeEnum,
    FactStateEnum,
    PermissionEnum,
)
from service.api.types.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    UnauthenticatedError,
)
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
from service.api.types.memory_page import MemoryConnection, decode_cursor
from service.api.types.recall import RecallHitType
from service.api.types.reports import (
    CorePreferencesType,
    DeleteReportType,
    MaintenanceReportType,
    ReactivationReportType,
)
from service.api.types.stats import StatsType
from service.api.types.store import StoreSuccess
from service.api.types.subgraph import SubgraphType
from service.usecases.auth import Permission
from service.usecases.core_preferences import (
    approve_core,
    core_candidates,
    get_core_preferences,
    list_core,
    preferences,
    set_core_preferences,
)
from service.usecases.explain import explain
from service.usecases.maintenance import consolidate, maintain

log = logging.getLogger(__name__)

Info = strawberry.Info[Context, None]

READ = Permission.PROJECT_READ
WRITE = Permission.PROJECT_WRITE
MANAGE = Permission.PROJECT_MANAGE
Denied = ForbiddenError | UnauthenticatedError

MemoryResult = Annotated[
    MemoryType | NotFoundError | InvalidInputError | Denied, strawberry.union("MemoryResult")
]
MemoryPageResult = Annotated[
    MemoryConnection | InvalidInputError | Denied, strawberry.union("MemoryPageResult")
]
StoreMemoryResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError | Denied,
    strawberry.union("StoreMemoryResult"),
]
AmendResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("AmendResult"),
]
TraverseResult = Annotated[
    SubgraphType | NotFoundError | InvalidInputError | Denied, strawberry.union("TraverseResult")
]
StatsResult = Annotated[StatsType | InvalidInputError | Denied, strawberry.union("StatsResult")]
ExplainResult = Annotated[
    ExplanationType | NotFoundError | InvalidInputError | Denied, strawberry.union("ExplainResult")
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
    LinkSuccess | NotFoundError | InvalidInputError | Denied, strawberry.union("LinkResult")
]
MemoriesResult = Annotated[
    MemoryList | NotFoundError | InvalidInputError | Denied, strawberry.union("MemoriesResult")
]
DeleteResult = Annotated[
    DeleteReportType | InvalidInputError | Denied, strawberry.union("DeleteResult")
]
ReactivateResult = Annotated[
    ReactivationReportType | NotFoundError | InvalidInputError | Denied,
    strawberry.union("ReactivateResult"),
]
MaintenanceResult = Annotated[
    MaintenanceReportType | InvalidInputError | Denied, strawberry.union("MaintenanceResult")
]
CorePreferencesResult = Annotated[
    CorePreferencesType | InvalidInputError | Denied, strawberry.union("CorePreferencesResult")
]
IdsResult = Annotated[IdList | InvalidInputError | Denied, strawberry.union("IdsResult")]
FactsResult = Annotated[FactList | InvalidInputError | Denied, strawberry.union("FactsResult")]
EntityResult = Annotated[
    EntityType | NotFoundError | InvalidInputError | Denied, strawberry.union("EntityResult")
]
IngestFactsResult = Annotated[
    FactBatchType | InvalidInputError | Denied, strawberry.union("IngestFactsResult")
]
RetractFactResult = Annotated[
    FactType | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("RetractFactResult"),
]
PredicatesResult = Annotated[
    PredicateList | InvalidInputError | Denied, strawberry.union("PredicatesResult")
]
ApiKeysResult = Annotated[ApiKeyList | Denied, strawberry.union("ApiKeysResult")]
CreateApiKeyResult = Annotated[
    NewApiKey | InvalidInputError | ConflictError | Denied, strawberry.union("CreateApiKeyResult")
]
RevokeApiKeyResult = Annotated[
    ApiKeyType | NotFoundError | InvalidInputError | Denied, strawberry.union("RevokeApiKeyResult")
]


def _ids(ids: list[strawberry.ID]) -> list[str]:
    check_count("ids", ids)
    return [str(i) for i in ids]


@strawberry.type
class Query:
    @strawberry.field(description="One memory by id.")
    async def memory(self, info: Info, id: strawberry.ID) -> MemoryResult:
        try:
            info.context.require(READ).tenant()
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
        description="The tenant's memories, newest first, a page at a time: pass "
        "`pageInfo.endCursor` as `after` for the next page."
    )
    async def memories(
        self, info: Info, first: int = 20, after: str | None = None
    ) -> MemoryPageResult:
        try:
            tenant = info.context.require(READ).tenant()
            check_page("memories", "first", first)
            found = await info.context.services.memories.repository.recent_memories(
                tenant,
                limit=first + 1,
                after=None if after is None else decode_cursor(after),
            )
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return MemoryConnection.from_domain(found, first)

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
            tenant = info.context.require(READ).tenant()
            subgraph = await info.context.services.memories.traverse(
                tenant,
                str(id),
                depth=depth,
                edge_types=[EdgeType(t) for t in edge_types or ()],
                direction=Direction(direction),
                max_nodes=check_page("traverse", "maxNodes", max_nodes),
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return SubgraphType.from_domain(subgraph)

    @strawberry.field(description="Counts for the tenant: memories, edges by type, orphans, κ_max.")
    async def stats(self, info: Info) -> StatsResult:
        try:
            tenant = info.context.require(READ).tenant()
            stats = await info.context.services.memories.stats(tenant)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
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
            tenant = info.context.require(READ).tenant()
            services = info.context.services
            explanation = await explain(services.memories, tenant, str(id), query)
            ranked = None
            if query is not None:
                hit = await services.recall.explain_hit(tenant, explanation.memory.id, query)
                if hit is not None:
                    ranked = RecallHitType.from_domain(
                        hit, services.recall.now(), services.recall.engine, concise=False
                    )
        except RetentiaError as e:
            return errors.from_domain(e)
        return ExplanationType.from_domain(explanation, ranked)

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
            tenant = info.context.require(READ).tenant()
            facts = await info.context.services.facts.facts(
                tenant,
                subject=subject,
                predicate=predicate,
                entity=entity,
                at=as_of,
                start=from_,
                end=to,
                states=[FactState(s) for s in states] if states else None,
                limit=check_page("facts", "limit", limit),
            )
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return FactList(facts=[FactType.from_domain(f) for f in facts])

    @strawberry.field(
        description="Every version of a slot (subject, predicate) ever recorded, oldest first: "
        "superseded, retracted and expired ones included."
    )
    async def fact_history(self, info: Info, subject: str, predicate: str) -> FactsResult:
        try:
            tenant = info.context.require(READ).tenant()
            facts = await info.context.services.facts.slot_history(tenant, subject, predicate)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return FactList(facts=[FactType.from_domain(f) for f in facts])

    @strawberry.field(description="An entity by name, with every fact about it, oldest first.")
    async def entity(self, info: Info, name: str) -> EntityResult:
        try:
            tenant = info.context.require(READ).tenant()
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
            tenant = info.context.require(READ).tenant()
            memories = await list_core(
                info.context.services.memories, tenant, check_page("coreMemories", "limit", limit)
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.field(
        description="Memories that reached core promotion in a category that "
        "needs approval (see setCorePreferences)."
    )
    async def core_candidates(self, info: Info) -> IdsResult:
        try:
            tenant = info.context.require(READ).tenant()
            ids = await core_candidates(info.context.services.memories, tenant)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return IdList(ids=[strawberry.ID(i) for i in ids])

    @strawberry.field(description="The tenant's core preferences.")
    async def core_preferences(self, info: Info) -> CorePreferencesResult:
        try:
            tenant = info.context.require(Permission.CONFIGURATION_READ).tenant()
            prefs = await get_core_preferences(info.context.services.memories, tenant)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return CorePreferencesType.from_domain(prefs)

    @strawberry.field(description="The API keys of the caller's org, revoked ones included.")
    async def api_keys(self, info: Info) -> ApiKeysResult:
        try:
            grant = info.context.require(Permission.MEMBERS_READ)
            records = await info.context.services.keys.list_keys(grant.org)
        except RetentiaError as e:
            refusal = errors.denied(e)
            if refusal is None:
                raise
            return refusal
        return ApiKeyList(keys=[ApiKeyType.from_domain(r) for r in records])


@strawberry.type
class Mutation:
    @strawberry.mutation(
        description="Store one memory, with optional typed edges to existing memories "
        "(validated before anything is written). Returns the machine-made links and possible "
        "conflicts with existing memories."
    )
    async def store_memory(self, info: Info, input: StoreMemoryInput) -> StoreMemoryResult:
        try:
            tenant = info.context.require(WRITE).tenant()
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
            tenant = info.context.require(WRITE).tenant()
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
            tenant = info.context.require(WRITE).tenant()
            result = await info.context.services.memories.amend(tenant, str(id), content, reason)
        except RetentiaError as e:
            return errors.from_domain_or_conflict(e)
        return StoreSuccess.from_domain(result)

    @strawberry.mutation(
        description="Create typed edges between existing memories: all of them, or none if any "
        "end is missing or any edge is invalid."
    )
    async def link_memories(self, info: Info, links: list[LinkInput]) -> LinkResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            check_count("links", links)
            edges = await info.context.services.memories.link(
                tenant, [link.to_request() for link in links]
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return LinkSuccess(edges=[MemoryEdgeType.from_domain(e) for e in edges])

    @strawberry.mutation(description="Pin memories: a pinned memory is never forgotten.")
    async def pin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            memories = await info.context.services.memories.set_pinned(tenant, _ids(ids), True)
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(description="Unpin memories.")
    async def unpin_memories(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            memories = await info.context.services.memories.set_pinned(tenant, _ids(ids), False)
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(description="Make memories visible to the whole org (never forgotten).")
    async def promote_to_org(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            memories = await info.context.services.memories.promote_to_org(tenant, _ids(ids))
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])

    @strawberry.mutation(
        description="Delete memories with their edges; reports the neighbours left as orphans "
        "and the tombstones left for superseded memories."
    )
    async def delete_memories(self, info: Info, ids: list[strawberry.ID]) -> DeleteResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            report = await info.context.services.memories.delete(tenant, _ids(ids))
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return DeleteReportType.from_domain(report)

    @strawberry.mutation(
        description="Record a direct recall of each memory (what every recall hit gets) and run "
        "the cascade over supportive edges."
    )
    async def reactivate_memories(
        self, info: Info, ids: list[strawberry.ID], cascade: bool = True
    ) -> ReactivateResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            report = await info.context.services.reactivations.reactivate_now(
                tenant, _ids(ids), cascade=cascade
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
            tenant = info.context.require(Permission.CONFIGURATION_WRITE).tenant()
            prefs = preferences(
                [str(c) for c in auto or ()],
                [str(c) for c in approval or ()],
                [str(c) for c in excluded or ()],
            )
            saved = await set_core_preferences(info.context.services.memories, tenant, prefs)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return CorePreferencesType.from_domain(saved)

    @strawberry.mutation(description="Promote memories to core by hand (e.g. approved candidates).")
    async def approve_core(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            memories = await approve_core(info.context.services.memories, tenant, _ids(ids))
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
            tenant = info.context.require(WRITE).tenant()
            result = await info.context.services.facts.apply_facts(
                tenant, [f.to_dict() for f in facts], FactWriter.API
            )
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return FactBatchType.from_domain(result)

    @strawberry.mutation(
        description="Retract an active fact at `at` (now by default): it leaves every instant "
        "from then on and stays in every earlier one; its derived edge closes at `at`."
    )
    async def retract_fact(
        self, info: Info, id: strawberry.ID, at: datetime | None = None
    ) -> RetractFactResult:
        try:
            tenant = info.context.require(WRITE).tenant()
            fact = await info.context.services.facts.retract(tenant, str(id), at)
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
            tenant = info.context.require(Permission.CONFIGURATION_WRITE).tenant()
            check_count("predicates", predicates)
            names = await info.context.services.facts.register_functional(tenant, predicates)
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return PredicateList(predicates=names)

    @strawberry.mutation(
        description="One maintenance pass over the tenant: rescoring, status transitions, "
        "consolidation, core promotion and forgetting. With dryRun nothing is written."
    )
    async def run_maintenance(self, info: Info, dry_run: bool = False) -> MaintenanceResult:
        try:
            tenant = info.context.require(MANAGE).tenant()
            report = await maintain(
                info.context.services.memories,
                tenant,
                dry_run=dry_run,
                summarizer=info.context.services.summarizer,
            )
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return MaintenanceReportType.from_domain(report)

    @strawberry.mutation(
        description="Consolidation alone: every entity shared by enough episodic memories gets "
        "one semantic memory with DERIVED_FROM edges to them (no rescoring, transitions or "
        "forgetting). Idempotent; with dryRun nothing is written."
    )
    async def consolidate(self, info: Info, dry_run: bool = False) -> MaintenanceResult:
        try:
            tenant = info.context.require(MANAGE).tenant()
            report = await consolidate(
                info.context.services.memories,
                tenant,
                dry_run=dry_run,
                summarizer=info.context.services.summarizer,
            )
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return MaintenanceReportType.from_domain(report)

    @strawberry.mutation(
        description="Create an API key of the caller's org. It may hold only permissions the "
        "caller's key holds; an empty list makes an admin key (every permission), which only "
        "an admin key may create. The key is in the result once and never again."
    )
    async def create_api_key(
        self,
        info: Info,
        name: str,
        permissions: list[PermissionEnum],  # type: ignore[valid-type]
    ) -> CreateApiKeyResult:
        try:
            grant = info.context.require(Permission.MEMBERS_WRITE)
            record, key = await info.context.services.keys.create(
                grant.org,
                name,
                frozenset(Permission(p) for p in permissions),
                granted_by=grant.principal,
            )
        except Conflict as e:
            return ConflictError(message=str(e))
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return NewApiKey(key=key, api_key=ApiKeyType.from_domain(record))

    @strawberry.mutation(
        description="Revoke an API key of the caller's org at once (idempotent). A key may "
        "revoke only keys whose permissions it holds itself."
    )
    async def revoke_api_key(self, info: Info, id: strawberry.ID) -> RevokeApiKeyResult:
        try:
            grant = info.context.require(Permission.MEMBERS_WRITE)
            record = await info.context.services.keys.revoke(grant.org, str(id), by=grant.principal)
        except RetentiaError as e:
            return errors.from_domain(e)
        return ApiKeyType.from_domain(record)


def _is_unexpected(error: GraphQLError) -> bool:
    """Mask failures of our own code; keep GraphQL's own (syntax, validation) messages."""
    return error.original_error is not None and not isinstance(error.original_error, GraphQLError)


class LoggedMaskErrors(MaskErrors):
    """Masks unexpected errors and logs each with the request id the client also sees (in the
    message and the `X-Request-Id` response header)."""

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        context = self.execution_context.context
        reference = getattr(context, "request_id", None) or uuid.uuid4().hex[:16]
        log.error(
            "unexpected error in GraphQL resolver (request %s)",
            reference,
            exc_info=error.original_error,
        )
        masked = super().anonymise_error(error)
        masked.message = f"Unexpected error (request {reference})."
        return masked


def build_schema() -> strawberry.Schema:
    from strawberry.tools import merge_types

    from service.api.recall import RecallQuery

    return strawberry.Schema(
        query=merge_types("Query", (Query, RecallQuery)),
        mutation=Mutation,
        extensions=[
            lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
            # Parsed documents and their checks are remembered per query text (bounded).
            lambda: ParserCache(maxsize=CHECKED_DOCUMENTS),
            CheckedDocuments,
            QueryCostLimiter,
            lambda: LoggedMaskErrors(should_mask_error=_is_unexpected),
        ],
    )
