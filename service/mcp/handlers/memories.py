"""The tools that write memories: store, amend, pin and unpin, delete."""

from __future__ import annotations

from schema import Category, EdgeType, InvalidInput, NotFound, Visibility
from service.mcp.arguments import AmendArgs, NodeArgs, StoreArgs, edge_type
from service.mcp.toolset import MemoryTools, Result
from service.usecases.memories import RelatedEdge, StoreRequest


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
    related += [RelatedEdge(r.id, edge_type(r.type)) for r in args.related or ()]
    stored = await tools.writes.store(
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
    result = await tools.writes.amend(
        tools.tenant,
        args.node_id,
        args.content,
        args.reason,
        key=args.idempotency_key,
        field="idempotency_key",
    )
    return {"node_id": result.memory.id, "supersedes": args.node_id, "status": "amended"}


async def _pin(tools: MemoryTools, node_id: str, pinned: bool) -> Result:
    (memory,) = await tools.writes.set_pinned(tools.tenant, [node_id], pinned)
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
    report = await tools.writes.delete(tools.tenant, [args.node_id])
    if report.missing:
        raise NotFound("memory", report.missing[0])
    return {
        "node_id": report.deleted[0],
        "status": "deleted",
        "new_orphans": list(report.new_orphans),
        "tombstones": list(report.tombstones),
        "retracted_facts": list(report.retracted_facts),
    }
