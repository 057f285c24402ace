"""`retentia mcp`: the memory tools over the Model Context Protocol (stdio), under the tool and
argument names of the Genesys engine's open-source successor, papez (`papez/server.py`,
`papez/mcp/tools.py`), so an agent configured for it switches by changing the command.

The tools call Retentia's use cases directly (the services `compose` builds: memories, stores,
recall and search, explain, core preferences, promotion) on one tenant, named by
`--org/--project` or the default org and project of the settings. Answers are JSON text; a
failure is a result with `isError` set and the text `{"error": message, "retryable": bool}`:
never retryable when the same call would fail again — arguments that do not fit the tool's
schema, invalid input, a memory that does not exist, a conflict, storage that could not be
opened — and otherwise (the storage or the embedder failing) retryable only for the read
tools: a failed write may have landed in part, so reconcile with a read rather than retry blind.
A store or amend sent with an `idempotency_key` is safe to retry: the retry answers as the
first call did (`retryable` is true for the one conflict that asks for a retry: the first call
with this key is still being written).

The server answers `initialize` and `tools/list` at once and opens the embedder and the
storage in the background (a first start loads the model for ~15 s); tool calls wait for them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import typing
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, fields, is_dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Annotated, Any, Final, Generic, Literal, TypeVar

import mcp_types as types
from mcp.server import Server, ServerRequestContext
from pydantic import AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from schema import (
    Category,
    Conflict,
    Direction,
    EdgeType,
    GoneForGood,
    InvalidInput,
    Memory,
    MemoryStatus,
    NotFound,
    RetentiaError,
    Tenant,
    Unavailable,
    Visibility,
    parse_memory_id,
)
from schema.idempotency import IdempotencyConflict
from schema.values import check_optional_instant
from service import compose
from service.engine.query import Intent
from service.engine.settings import EngineSettings
from service.mcp import INSTRUCTIONS, SERVER_NAME
from service.runtime import observability
from service.settings import Settings
from service.usecases.auth import AuthError, Forbidden, Unauthenticated
from service.usecases.context import (
    MAX_BUDGET,
    MIN_BUDGET,
    ContextItem,
    ContextRequest,
    ContextService,
)
from service.usecases.core_preferences import CorePreferencesService, preferences
from service.usecases.deletion import DeletionService
from service.usecases.explain import ExplainService
from service.usecases.idempotency import IdempotentWrites
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from service.usecases.promotion import PrivateLink, PromotionService
from service.usecases.recall import (
    MAX_K,
    FactRecallHit,
    RecallHit,
    RecallRequest,
    RecallService,
    SearchFilters,
)
from service.usecases.recall_hits import hit_activation
from service.usecases.session_locks import SessionBusy
from service.usecases.store import StoreService

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MemoryTools:
    """The use cases the tools call, on one tenant."""

    tenant: Tenant
    memories: MemoryService
    stores: StoreService
    #: Delete with the facts only the deleted memories asserted.
    deletion: DeletionService
    #: Store and amend under an idempotency key.
    idempotent: IdempotentWrites
    recall: RecallService
    explain: ExplainService
    core: CorePreferencesService
    promotion: PromotionService
    #: Budgeted context blocks (memory_context).
    context: ContextService

    @property
    def engine(self) -> EngineSettings:
        return self.memories.engine


def _utc_now() -> datetime:
    return datetime.now(UTC)


@asynccontextmanager
async def open_tools(settings: Settings, tenant: Tenant) -> AsyncIterator[MemoryTools]:
    """The use cases composed as `retentia serve` composes them (beside a running service, its
    embedded FalkorDB is shared)."""
    async with compose.open_service(settings, tenant, share_running=True) as uses:
        log.info("memory tools ready for tenant %s on %s", tenant, uses.backend_name)
        yield MemoryTools(
            tenant,
            uses.memories,
            uses.stores,
            uses.deletion,
            uses.idempotent,
            uses.recall,
            uses.explain,
            uses.core,
            uses.promotion,
            uses.context,
        )


# -- arguments -------------------------------------------------------------------------------


def _lower(value: object) -> object:
    return value.lower() if isinstance(value, str) else value


#: Edge types as papez spells them (Retentia's own upper-case names are accepted too).
EdgeTypeName = Annotated[
    Literal[
        "caused_by",
        "supports",
        "contradicts",
        "supersedes",
        "derived_from",
        "related_to",
        "temporal_sequence",
    ],
    BeforeValidator(_lower),
]
NodeId = Annotated[str, Field(description="A memory id (UUID).")]
IdempotencyKeyArg = Annotated[
    str | None,
    Field(
        description="Makes the call safe to retry: called again with the same key (within 24 h "
        "by default) it answers as the first call did and writes nothing; other arguments "
        "under a used key are an error. 1–200 letters, digits and _.:/-."
    ),
]


class _Args(BaseModel):
    # An argument a tool does not know is refused, naming the ones it takes: papez ignored
    # them, so a typo (`kk` for `k`) silently ran with the default.
    model_config = ConfigDict(extra="forbid", frozen=True)


class RelatedArg(_Args):
    id: NodeId
    type: EdgeTypeName


class StoreArgs(_Args):
    content: str
    source_session: str = ""
    related_to: list[NodeId] | None = Field(
        default=None, description="Legacy: ids the new memory was caused by. Prefer `related`."
    )
    related: list[RelatedArg] | None = Field(
        default=None,
        description="Typed edges from the new memory: new --type--> id (e.g. supersedes).",
    )
    category: str | None = Field(
        default=None,
        description="One of Retentia's categories ("
        + ", ".join(Category)
        + "); anything else is kept in the memory's metadata and the classifier decides.",
    )
    visibility: Literal["private", "org"] = "private"
    org_id: str | None = Field(default=None, description="Required with visibility 'org'.")
    created_at: AwareDatetime | None = Field(
        default=None,
        description="When the memory was formed (ISO 8601 with a time zone), for history "
        "imported with its own time; default now. At most 5 minutes ahead, not before 1970.",
    )
    idempotency_key: IdempotencyKeyArg = None


class AmendArgs(_Args):
    node_id: NodeId
    content: str
    reason: str | None = None
    idempotency_key: IdempotencyKeyArg = None


class RecallArgs(_Args):
    query: str
    k: int = 10
    max_results: int | None = Field(default=None, description="At most this many results.")
    read_only: bool = Field(default=False, description="Do not reactivate the hits.")
    verbosity: Literal["concise", "full"] = "full"


class ContextArgs(_Args):
    query: str
    budget: int = Field(
        default=1024,
        description=f"Most tokens the block may take ({MIN_BUDGET}–{MAX_BUDGET}), counted by "
        "the local model's tokenizer.",
    )
    intent: Literal["current", "historical", "audit"] | None = Field(
        default=None, description="Default: detected from the query, as recall does."
    )
    as_of: AwareDatetime | None = Field(
        default=None, description="The instant the block answers for (ISO 8601); default now."
    )


class SearchFilterArgs(_Args):
    status: list[str] | str | None = None
    category: list[str] | str | None = None
    entity: str | None = None
    since: datetime | None = Field(default=None, description="Created at or after (ISO 8601).")
    active_since: datetime | None = Field(
        default=None, description="Stored or recalled at or after (ISO 8601)."
    )


class SearchArgs(_Args):
    query: str = Field(description="Search text; empty enumerates by recency.")
    filters: SearchFilterArgs | None = Field(
        default=None, description="Keys: status (list), category, entity, since, active_since."
    )
    k: int = 10


class TraverseArgs(_Args):
    node_id: NodeId
    depth: int = 2
    edge_types: list[EdgeTypeName] | None = None


class ExplainArgs(_Args):
    node_id: NodeId
    query: str | None = Field(
        default=None, description="Also explain how this query would rank the memory."
    )


class NodeArgs(_Args):
    node_id: NodeId


class NoArgs(_Args):
    pass


class ListCoreArgs(_Args):
    category: str | None = None


class CorePreferencesArgs(_Args):
    auto: list[str] | None = Field(default=None, description="Unset keeps the current list.")
    approval: list[str] | None = None
    excluded: list[str] | None = None


class PromoteArgs(_Args):
    node_id: NodeId
    org_id: str
    action: Literal["keep_private", "promote_all", "delete_links"] = Field(
        default="keep_private",
        description="Edges to private memories: keep them, promote the linked memories too "
        "(one level, those without further private links), or delete the links.",
    )
    dry_run: bool = False


class _PlainSchema(GenerateJsonSchema):
    """Optional arguments as their plain type (papez's schemas carry no `null` branches)."""

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema with definitions inlined and titles and null defaults dropped,
    the shape MCP clients (and papez) use."""
    raw = model.model_json_schema(schema_generator=_PlainSchema)
    definitions = raw.pop("$defs", {})

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return clean(definitions[node["$ref"].rsplit("/", 1)[-1]])
            return {
                k: clean(v)
                for k, v in node.items()
                if k != "title" and not (k == "default" and v is None)
            }
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    cleaned: dict[str, Any] = clean(raw)
    cleaned.setdefault("properties", {})
    return cleaned


# -- results ---------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """JSON-ready: dataclasses and models as objects, enums as values, times in ISO 8601,
    non-finite floats as null."""
    if isinstance(value, BaseModel):
        return plain(dict(value))
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _summary(memory: Memory) -> str:
    return memory.summary or memory.content[:200]


def _memory(memory: Memory) -> dict[str, Any]:
    return {
        "id": memory.id,
        "content": memory.content,
        "summary": _summary(memory),
        "status": memory.status.value,
        "category": memory.category.value,
        "entities": list(memory.entities),
        "pinned": memory.pinned,
        "visibility": memory.visibility.value,
        "is_core": memory.status is MemoryStatus.CORE,
        "score": memory.score,
        "created_at": memory.created_at.isoformat(),
        "last_accessed_at": plain(memory.last_accessed_at),
        "source_session": memory.source_session,
        "superseded_by": memory.superseded_by,
    }


def _hit(hit: RecallHit, at: datetime, engine: EngineSettings, concise: bool) -> dict[str, Any]:
    m = hit.memory
    act = hit_activation(hit, at, engine)
    out: dict[str, Any] = {
        "id": m.id,
        "summary": _summary(m),
        "status": m.status.value,
        "score": round(hit.score, 6),
        "activation": round(act, 6),
        "is_core": m.status is MemoryStatus.CORE,
    }
    if m.superseded_by is not None:
        out["superseded_by"] = m.superseded_by
    if concise:
        return out
    return {
        **_memory(m),
        **out,
        "similarity": round(hit.similarity, 6),
        "legs": dict(sorted(hit.legs.items())),
        "terms": {k: round(v, 6) for k, v in sorted(hit.terms.items())},
        "injected": hit.injected,
        "backfilled": hit.backfilled,
    }


def _fact_hit(hit: FactRecallHit) -> dict[str, Any]:
    f = hit.fact
    return {
        "fact_id": f.id,
        "subject": f.subject,
        "predicate": f.predicate,
        "object": f.object,
        "valid_from": plain(f.valid_from),
        "valid_to": plain(f.valid_to),
        "confidence": f.confidence,
        "source": f.source,
        "current": hit.current,
        "score": hit.score,
        "legs": dict(sorted(hit.legs.items())),
    }


# -- the tools -------------------------------------------------------------------------------

A = TypeVar("A", bound=_Args)
Result = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolSpec(Generic[A]):
    name: str
    description: str
    arguments: type[A]
    run: Callable[[MemoryTools, A], Awaitable[Result]]
    #: A read: a failure is worth retrying as it is.
    read: bool
    destructive: bool = False


def _edge_type(name: str) -> EdgeType:
    return EdgeType(name.upper())


def _category(name: str, field: str) -> Category:
    try:
        return Category(name.lower())
    except ValueError as e:
        raise InvalidInput(
            field, f"unknown category {name!r}; choose from {', '.join(c.value for c in Category)}"
        ) from e


def tool_instant(field: str, value: datetime | None) -> datetime | None:
    """The instant in UTC, checked (`check_instant`): a zone is required, as everywhere else.
    (papez took a tz-naive instant as UTC; an agent that relied on that is told to add "Z",
    rather than have a local time read silently as another instant.)"""
    return check_optional_instant(field, value)


async def memory_store(tools: MemoryTools, args: StoreArgs) -> Result:
    tenant = tools.tenant
    visibility = Visibility(args.visibility)
    if visibility is Visibility.ORG and args.org_id != tenant.org:
        raise InvalidInput(
            "org_id", f"visibility 'org' needs org_id {tenant.org!r}, this server's org"
        )
    category: Category | None = None
    metadata: dict[str, str] = {}
    note = None
    if args.category:
        try:
            category = Category(args.category.lower())
        except ValueError:
            metadata["category"] = args.category
            note = f"{args.category!r} is not a Retentia category; the classifier chose one"
    related = [RelatedEdge(i, EdgeType.CAUSED_BY, 0.7) for i in args.related_to or ()]
    related += [RelatedEdge(r.id, _edge_type(r.type)) for r in args.related or ()]
    stored = await tools.idempotent.store(
        tenant,
        StoreRequest(
            content=args.content,
            category=category,
            visibility=visibility,
            source_session=args.source_session or None,
            metadata=metadata,
            related=related,
            created_at=args.created_at,
        ),
        key=args.idempotency_key,
        field="idempotency_key",
    )
    result = stored.result
    memory = result.memory
    out: Result = {
        "node_id": memory.id,
        "status": "stored",
        "visibility": memory.visibility.value,
        "memory_status": memory.status.value,
        "category": memory.category.value,
        "auto_links": [
            {"id": e.target, "type": e.type.value.lower(), "weight": e.weight}
            for e in result.auto_links
        ],
    }
    if note:
        out["category_note"] = note
    if result.possible_conflicts:
        out["possible_conflicts"] = [
            {"id": h.memory_id, "signal": h.kind, "similarity": h.similarity, "detail": h.detail}
            for h in result.possible_conflicts
        ]
    return out


async def memory_amend(tools: MemoryTools, args: AmendArgs) -> Result:
    result = await tools.idempotent.amend(
        tools.tenant,
        args.node_id,
        args.content,
        args.reason,
        key=args.idempotency_key,
        field="idempotency_key",
    )
    return {"node_id": result.memory.id, "supersedes": args.node_id, "status": "amended"}


async def memory_recall(tools: MemoryTools, args: RecallArgs) -> Result:
    k = min(args.k, args.max_results) if args.max_results is not None else args.k
    if not 1 <= k <= MAX_K:
        raise InvalidInput("k", f"{k} is outside 1–{MAX_K}")
    result = await tools.recall.recall(
        tools.tenant, RecallRequest(query=args.query, k=k, read_only=args.read_only)
    )
    concise = args.verbosity == "concise"
    hits = [_hit(h, result.at, tools.engine, concise) for h in result.hits]
    out: Result = {"query": args.query, "results": hits, "count": len(hits)}
    if not concise:
        out["intent"] = result.intent.value
        out["category"] = None if result.category is None else result.category.value
        out["facts"] = [_fact_hit(f) for f in result.facts]
    if result.degraded:
        out["degraded"] = dict(sorted(result.failed_legs.items()))
    return out


def _context_item(item: ContextItem) -> dict[str, Any]:
    return {
        "kind": item.kind,
        "id": item.id,
        "text": item.text,
        "tokens": item.tokens,
        "position": item.position,
        "source": item.source,
        "at": plain(item.at),
        "heading": item.heading,
    }


async def memory_context(tools: MemoryTools, args: ContextArgs) -> Result:
    block = await tools.context.context(
        tools.tenant,
        ContextRequest(
            query=args.query,
            budget=args.budget,
            intent=None if args.intent is None else Intent(args.intent),
            as_of=tool_instant("as_of", args.as_of),
        ),
    )
    return {
        "query": block.query,
        "intent": block.intent.value,
        "as_of": plain(block.at),
        "text": block.text,
        "tokens": block.tokens,
        "budget": block.budget,
        "tokenizer": block.tokenizer,
        "items": [_context_item(i) for i in block.items],
        "dropped": [{**_context_item(d.item), "reason": d.reason} for d in block.dropped],
        "order": block.order,
    }


async def memory_search(tools: MemoryTools, args: SearchArgs) -> Result:
    given = args.filters or SearchFilterArgs()
    statuses = [given.status] if isinstance(given.status, str) else given.status
    categories = [given.category] if isinstance(given.category, str) else given.category
    try:
        status_filter = (
            None if statuses is None else frozenset(MemoryStatus(s.lower()) for s in statuses)
        )
    except ValueError as e:
        raise InvalidInput(
            "filters.status", f"{e}; statuses are {', '.join(m.value for m in MemoryStatus)}"
        ) from e
    filters = SearchFilters(
        statuses=status_filter,
        categories=None
        if categories is None
        else frozenset(_category(c, "filters.category") for c in categories),
        entity=given.entity,
        since=tool_instant("since", given.since),
        active_since=tool_instant("active_since", given.active_since),
    )
    result = await tools.recall.search(tools.tenant, args.query, filters, args.k)
    hits = [_hit(h, result.at, tools.engine, concise=False) for h in result.hits]
    return {"query": args.query, "results": hits, "count": len(hits)}


async def memory_traverse(tools: MemoryTools, args: TraverseArgs) -> Result:
    subgraph = await tools.memories.traverse(
        tools.tenant,
        args.node_id,
        depth=args.depth,
        edge_types=[_edge_type(t) for t in args.edge_types or ()],
        direction=Direction.BOTH,
    )
    if not any(m.id == args.node_id for m in subgraph.nodes):
        raise NotFound("memory", parse_memory_id(args.node_id))
    nodes = [
        {"id": m.id, "summary": _summary(m), "status": m.status.value, "score": m.score}
        for m in subgraph.nodes
    ]
    edges = [
        {
            "source": e.source,
            "target": e.target,
            "type": e.type.value.lower(),
            "weight": e.weight,
            "created_by": e.created_by.value,
        }
        for e in subgraph.edges
    ]
    return {
        "start_node": args.node_id,
        "depth": args.depth,
        "nodes": nodes,
        "count": len(nodes),
        "edges": edges,
        "edge_count": len(edges),
    }


async def memory_explain(tools: MemoryTools, args: ExplainArgs) -> Result:
    ranked = None
    if args.query:  # an empty query asks for no ranking, as papez takes it
        ranked = await tools.explain.explain_ranked(tools.tenant, args.node_id, args.query)
        explanation = ranked.explanation
    else:
        explanation = await tools.explain.explain(tools.tenant, args.node_id, args.query)
    memory = explanation.memory
    out: Result = {
        "node_id": memory.id,
        "summary": _summary(memory),
        "status": memory.status.value,
        **plain(explanation),
        "memory": _memory(memory),
        # Each edge seen from this memory, as papez lists them.
        "edges": [
            {
                "type": e.edge.type.value.lower(),
                "target": e.edge.target if e.edge.source == memory.id else e.edge.source,
                "direction": "outgoing" if e.edge.source == memory.id else "incoming",
                "weight": e.edge.weight,
                "reason": e.edge.reason,
                "created_by": e.edge.created_by.value,
                "last_validated_at": plain(e.edge.last_validated_at),
                "partition": e.partition,
                "age_days": e.age_days,
                "stale": e.stale,
            }
            for e in explanation.edges
        ],
    }
    if ranked is not None:
        hit = ranked.hit
        out["recall"] = None if hit is None else _hit(hit, ranked.at, tools.engine, concise=False)
        out["recall_facts"] = [_fact_hit(f) for f in ranked.facts]
    return out


async def memory_stats(tools: MemoryTools, args: NoArgs) -> Result:
    stats = await tools.memories.stats(tools.tenant)
    return {
        "memories": stats.memories,
        "edges": {t.value.lower(): n for t, n in sorted(stats.edges.items())},
        "edge_count": sum(stats.edges.values()),
        "orphans": stats.orphans,
        "max_causal_weight": stats.kappa_max,
    }


async def _pin(tools: MemoryTools, node_id: str, pinned: bool) -> Result:
    (memory,) = await tools.memories.set_pinned(tools.tenant, [node_id], pinned)
    return {
        "node_id": memory.id,
        "status": "pinned" if pinned else "unpinned",
        "new_status": memory.status.value,
    }


async def pin_memory(tools: MemoryTools, args: NodeArgs) -> Result:
    return await _pin(tools, args.node_id, True)


async def unpin_memory(tools: MemoryTools, args: NodeArgs) -> Result:
    return await _pin(tools, args.node_id, False)


async def delete_memory(tools: MemoryTools, args: NodeArgs) -> Result:
    report = await tools.deletion.delete(tools.tenant, [args.node_id])
    if report.missing:
        raise NotFound("memory", report.missing[0])
    return {
        "node_id": report.deleted[0],
        "status": "deleted",
        "new_orphans": list(report.new_orphans),
        "tombstones": list(report.tombstones),
        "retracted_facts": list(report.retracted_facts),
    }


async def list_core_memories(tools: MemoryTools, args: ListCoreArgs) -> Result:
    core = await tools.core.list_core(tools.tenant, limit=500)
    if args.category:
        wanted = _category(args.category, "category")
        core = [m for m in core if m.category is wanted]
    listed = [
        {
            "id": m.id,
            "summary": _summary(m),
            "category": m.category.value,
            "pinned": m.pinned,
            "created_at": m.created_at.isoformat(),
        }
        for m in core
    ]
    return {"core_memories": listed, "count": len(listed)}


async def set_core_prefs(tools: MemoryTools, args: CorePreferencesArgs) -> Result:
    current = await tools.core.get_preferences(tools.tenant)
    chosen = preferences(
        current.auto if args.auto is None else [c.lower() for c in args.auto],
        current.approval if args.approval is None else [c.lower() for c in args.approval],
        current.excluded if args.excluded is None else [c.lower() for c in args.excluded],
    )
    saved = await tools.core.set_preferences(tools.tenant, chosen)
    return {
        "status": "updated",
        "preferences": {k: sorted(getattr(saved, k)) for k in ("auto", "approval", "excluded")},
    }


async def promote_to_org(tools: MemoryTools, args: PromoteArgs) -> Result:
    tenant = tools.tenant
    if args.org_id != tenant.org:
        raise InvalidInput("org_id", f"{args.org_id!r} is not this server's org {tenant.org!r}")
    promotion = await tools.promotion.promote_with_links(
        tenant, args.node_id, args.action, dry_run=args.dry_run, field="node_id"
    )

    def listing(link: PrivateLink) -> dict[str, str]:
        return {
            "linked_node_id": link.linked.id,
            "linked_summary": _summary(link.linked),
            "type": link.edge.type.value.lower(),
        }

    return {
        "node_id": promotion.memory.id,
        "status": "dry_run" if args.dry_run else "promoted",
        "dry_run": args.dry_run,
        "org_id": tenant.org,
        "action": args.action,
        "nodes_promoted": [{"id": m.id, "summary": _summary(m)} for m in promotion.promoted],
        "edges_deleted": [listing(link) for link in promotion.deleted],
        "edges_preserved": [listing(link) for link in promotion.preserved],
        "nodes_skipped": [
            {"id": m.id, "summary": _summary(m), "reason": "further private"}
            for m in promotion.skipped
        ],
    }


TOOLS: Final[tuple[ToolSpec[Any], ...]] = (
    ToolSpec(
        "memory_store",
        "Store a new memory. `related` declares typed edges from it ({id, type}; checked "
        "before anything is written); `related_to` is legacy caused_by edges. The answer "
        "names the auto-links made and `possible_conflicts` (hints, not verdicts).",
        StoreArgs,
        memory_store,
        read=False,
    ),
    ToolSpec(
        "memory_amend",
        "Record a correction: a new memory that supersedes the old one, which is kept and "
        "down-ranked in recall.",
        AmendArgs,
        memory_amend,
        read=False,
    ),
    ToolSpec(
        "memory_recall",
        "Hybrid recall (vector, full-text, facts, entity graph, neighbouring turns) ranked by "
        "relevance and retention; hits are reactivated unless read_only.",
        RecallArgs,
        memory_recall,
        read=True,
    ),
    ToolSpec(
        "memory_context",
        "A ready-to-paste context block for answering `query` within `budget` tokens: current "
        "facts (with since when), what changed (previous values), core identity and the "
        "relevant memories with dates and sessions; items are never cut, and the order and "
        "what was dropped are explained. Read-only.",
        ContextArgs,
        memory_context,
        read=True,
    ),
    ToolSpec(
        "memory_search",
        "Read-only search with filters (status, category, entity, since, active_since); an "
        "empty query enumerates by recency.",
        SearchArgs,
        memory_search,
        read=True,
    ),
    ToolSpec(
        "memory_traverse",
        "Breadth-first from a memory: the memories reached and every edge among them.",
        TraverseArgs,
        memory_traverse,
        read=True,
    ),
    ToolSpec(
        "memory_explain",
        "Every number behind a memory's score and fate: forces, status and next transition, "
        "forgetting conditions, removal impact, edges (and its recall ranking for `query`).",
        ExplainArgs,
        memory_explain,
        read=True,
    ),
    ToolSpec(
        "memory_stats",
        "Counts: memories, edges by type, orphans.",
        NoArgs,
        memory_stats,
        read=True,
    ),
    ToolSpec(
        "pin_memory",
        "Pin a memory: it is never forgotten.",
        NodeArgs,
        pin_memory,
        read=False,
    ),
    ToolSpec("unpin_memory", "Unpin a memory.", NodeArgs, unpin_memory, read=False),
    ToolSpec(
        "delete_memory",
        "Delete a memory and its edges for good.",
        NodeArgs,
        delete_memory,
        read=False,
        destructive=True,
    ),
    ToolSpec(
        "list_core_memories",
        "Core memories, optionally of one category.",
        ListCoreArgs,
        list_core_memories,
        read=True,
    ),
    ToolSpec(
        "set_core_preferences",
        "Categories promoted to core automatically, only with approval, or never (a list "
        "left out keeps its current value).",
        CorePreferencesArgs,
        set_core_prefs,
        read=False,
    ),
    ToolSpec(
        "promote_to_org",
        "Make a private memory visible to the whole org (never forgotten); `action` says what "
        "becomes of its edges to private memories; `dry_run` previews.",
        PromoteArgs,
        promote_to_org,
        read=False,
    ),
)
TOOL_NAMES: Final = tuple(t.name for t in TOOLS)


def tool_list() -> list[types.Tool]:
    return [
        types.Tool(
            name=t.name,
            description=t.description,
            input_schema=input_schema(t.arguments),
            annotations=types.ToolAnnotations(
                read_only_hint=t.read and t.name != "memory_recall",
                destructive_hint=t.destructive,
            ),
        )
        for t in TOOLS
    ]


def _answer(payload: Mapping[str, Any], *, error: bool = False) -> types.CallToolResult:
    text = json.dumps(payload, ensure_ascii=False, default=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


#: A failure's `code`: the name of the GraphQL result type the same error becomes
#: (service/api/errors.py), tried in this order; anything else is `Unavailable` (the storage or
#: the embedder failing) or `Internal`.
_CODES: Final[tuple[tuple[type[Exception], str], ...]] = (
    (Conflict, "Conflict"),
    (NotFound, "NotFound"),
    (Unauthenticated, "Unauthenticated"),
    (Forbidden, "Forbidden"),
    (InvalidInput, "InvalidInput"),
    (Unavailable, "Unavailable"),
    (RetentiaError, "Unavailable"),
)


def error_code(error: Exception) -> str:
    return next((code for kind, code in _CODES if isinstance(error, kind)), "Internal")


def _failure(message: str, retryable: bool, code: str) -> types.CallToolResult:
    return _answer({"error": message, "code": code, "retryable": retryable}, error=True)


def _validation_message(error: ValidationError, model: type[BaseModel]) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "arguments"
        if item["type"] == "extra_forbidden":
            parts.append(f"unknown argument {where!r}; {_accepted(model, item['loc'][:-1])}")
        else:
            parts.append(f"{where}: {item['msg']}")
    return "invalid arguments: " + "; ".join(parts)


def _accepted(model: type[BaseModel], path: tuple[int | str, ...]) -> str:
    """ "the accepted ones are …" for the (nested) arguments at `path`."""
    for step in path:
        field = model.model_fields.get(str(step))
        inner = _model_of(field.annotation) if field is not None else None
        if inner is None:
            return "see the tool's input schema"
        model = inner
    names = sorted(f.alias or name for name, f in model.model_fields.items())
    return f"the accepted ones are {', '.join(names)}"


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The argument model an annotation holds (itself, optional or in a list), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_of(arg)
        if found is not None:
            return found
    return None


#: The memory tools for one call: (the tool's name, the transport's request — the HTTP request
#: on `/mcp`, None on stdio) → the tools on the caller's tenant, or an `AuthError`.
Opener = Callable[[str, object | None], Awaitable[MemoryTools]]


async def call_tool(
    tools: Opener, name: str, arguments: Mapping[str, Any] | None, request: object | None = None
) -> types.CallToolResult:
    """One tool call: validate, run, answer; every failure becomes `{error, code, retryable}`."""
    spec = next((t for t in TOOLS if t.name == name), None)
    if spec is None:
        message = f"unknown tool {name!r}; the tools are {', '.join(TOOL_NAMES)}"
        return _failure(message, False, "InvalidInput")
    try:
        args = spec.arguments.model_validate(dict(arguments or {}))
    except ValidationError as e:
        return _failure(_validation_message(e, spec.arguments), False, "InvalidInput")
    try:
        result = await spec.run(await tools(name, request), args)
    except IdempotencyConflict as e:  # retryable while the first call is still writing
        log.info("tool %s failed: %s", name, e)
        return _failure(str(e), e.retryable, error_code(e))
    except RetentiaError as e:
        log.info("tool %s failed: %s", name, e)
        return _failure(str(e), retryable_after(e, read=spec.read), error_code(e))
    except Exception as e:  # answered, never raised: an agent turn must not die on memory
        log.exception("tool %s failed unexpectedly", name)
        return _failure(
            f"{type(e).__name__}: {e}", retryable_after(e, read=spec.read), error_code(e)
        )
    return _answer(plain(result))


class StorageUnopened(RetentiaError):
    """The memory tools could not be opened; this process will not open them later."""


#: Failures the same call meets again: the caller's input, the stored state it contradicts, a
#: store this process could not open.
_PERMANENT: Final = (InvalidInput, NotFound, Conflict, AuthError, StorageUnopened)


def retryable_after(error: Exception, *, read: bool) -> bool:
    """Whether making the same call again, unchanged, may succeed: never after a permanent
    failure; after a transient one (the storage or the embedder failing) only for a read, since
    a write may have landed in part. A session another process holds is retryable: the store
    waited before writing anything."""
    if isinstance(error, SessionBusy):
        return True
    if isinstance(error, _PERMANENT) or isinstance(error, GoneForGood):
        return False
    return read


def build_server(tools: Opener) -> Server[Any]:
    """The MCP server over the (possibly still opening) memory tools."""

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tool_list())

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        with observability.request_context(uuid.uuid4().hex[:16]):
            return await call_tool(tools, params.name, params.arguments, ctx.request)

    return Server(
        SERVER_NAME,
        instructions=INSTRUCTIONS,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )


class _Opening:
    """Opens the memory tools in the background and keeps them open until `close()`."""

    def __init__(self, settings: Settings, tenant: Tenant) -> None:
        self._settings = settings
        self._tenant = tenant
        self._ready: asyncio.Future[MemoryTools] = asyncio.get_running_loop().create_future()
        self._closed = asyncio.Event()
        self._task = asyncio.create_task(self._hold())

    async def tools(self, name: str = "", request: object | None = None) -> MemoryTools:
        """The one tenant's tools, whatever the tool and the request (stdio has no callers to
        tell apart)."""
        return await asyncio.shield(self._ready)

    async def _hold(self) -> None:
        try:
            async with open_tools(self._settings, self._tenant) as tools:
                self._ready.set_result(tools)
                await self._closed.wait()
        except Exception as e:
            log.exception("the memory tools could not be opened")
            if not self._ready.done():
                self._ready.set_exception(
                    StorageUnopened(
                        f"the memory store could not be opened: {e}; fix that and restart the "
                        "MCP server"
                    )
                )

    async def close(self) -> None:
        self._closed.set()
        if not self._ready.done():
            self._task.cancel()
        with suppress(asyncio.CancelledError):
            await self._task


async def call_stdio_tool(
    opening: _Opening, name: str, arguments: Mapping[str, Any] | None, request: object | None
) -> types.CallToolResult:
    """One tool call of the stdio server (`service.mcp.stdio`), on its opening tools."""
    with observability.request_context(uuid.uuid4().hex[:16]):
        return await call_tool(opening.tools, name, arguments, request)
