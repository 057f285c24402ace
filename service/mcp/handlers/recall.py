"""The tools that rank memories for a query: recall, search, a context block, explain."""

from __future__ import annotations

from schema import InvalidInput, MemoryStatus
from service.engine.query import Intent
from service.mcp.arguments import (
    ContextArgs,
    ExplainArgs,
    RecallArgs,
    SearchArgs,
    SearchFilterArgs,
    category_of,
    tool_instant,
)
from service.mcp.serialise import (
    context_item_json,
    fact_hit_json,
    hit_json,
    memory_json,
    plain,
    summary,
)
from service.mcp.toolset import MemoryTools, Result
from service.usecases.context import ContextRequest
from service.usecases.recall import MAX_K, RecallRequest, SearchFilters


async def memory_recall(tools: MemoryTools, args: RecallArgs) -> Result:
    k = min(args.k, args.max_results) if args.max_results is not None else args.k
    if not 1 <= k <= MAX_K:
        raise InvalidInput("k", f"{k} is outside 1–{MAX_K}")
    result = await tools.recall.recall(
        tools.tenant, RecallRequest(query=args.query, k=k, read_only=args.read_only)
    )
    concise = args.verbosity == "concise"
    hits = [hit_json(h, concise) for h in result.hits]
    out: Result = {"query": args.query, "results": hits, "count": len(hits)}
    if not concise:
        out["intent"] = result.intent.value
        out["category"] = None if result.category is None else result.category.value
        out["facts"] = [fact_hit_json(f) for f in result.facts]
    if result.degraded:
        out["degraded"] = dict(sorted(result.failed_legs.items()))
    return out


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
        "items": [context_item_json(i) for i in block.items],
        "dropped": [{**context_item_json(d.item), "reason": d.reason} for d in block.dropped],
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
        else frozenset(category_of(c, "filters.category") for c in categories),
        entity=given.entity,
        since=tool_instant("since", given.since),
        active_since=tool_instant("active_since", given.active_since),
    )
    result = await tools.recall.search(tools.tenant, args.query, filters, args.k)
    hits = [hit_json(h, concise=False) for h in result.hits]
    return {"query": args.query, "results": hits, "count": len(hits)}


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
        "summary": summary(memory),
        "status": memory.status.value,
        **plain(explanation),
        "memory": memory_json(memory),
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
        out["recall"] = None if hit is None else hit_json(hit, concise=False)
        out["recall_facts"] = [fact_hit_json(f) for f in ranked.facts]
    return out
