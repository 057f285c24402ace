"""The tools of core memories and the org: list core memories, set the core preferences,
promote a memory to the org."""

from __future__ import annotations

from schema import InvalidInput
from service.mcp.arguments import CorePreferencesArgs, ListCoreArgs, PromoteArgs, category_of
from service.mcp.serialise import summary
from service.mcp.toolset import MemoryTools, Result
from service.usecases.core_preferences import preferences
from service.usecases.promotion import PrivateLink


async def list_core_memories(tools: MemoryTools, args: ListCoreArgs) -> Result:
    core = await tools.core.list_core(tools.tenant, limit=500)
    if args.category:
        wanted = category_of(args.category, "category")
        core = [m for m in core if m.category is wanted]
    listed = [
        {
            "id": m.id,
            "summary": summary(m),
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
            "linked_summary": summary(link.linked),
            "type": link.edge.type.value.lower(),
        }

    return {
        "node_id": promotion.memory.id,
        "status": "dry_run" if args.dry_run else "promoted",
        "dry_run": args.dry_run,
        "org_id": tenant.org,
        "action": args.action,
        "nodes_promoted": [{"id": m.id, "summary": summary(m)} for m in promotion.promoted],
        "edges_deleted": [listing(link) for link in promotion.deleted],
        "edges_preserved": [listing(link) for link in promotion.preserved],
        "nodes_skipped": [
            {"id": m.id, "summary": summary(m), "reason": "further private"}
            for m in promotion.skipped
        ],
    }
