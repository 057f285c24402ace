"""The tools that read the graph as it is: traverse and stats."""

from __future__ import annotations

from schema import Direction, NotFound, parse_memory_id
from service.mcp.arguments import NoArgs, TraverseArgs, edge_type
from service.mcp.serialise import summary
from service.mcp.toolset import MemoryTools, Result


async def memory_traverse(tools: MemoryTools, args: TraverseArgs) -> Result:
    subgraph = await tools.memories.traverse(
        tools.tenant,
        args.node_id,
        depth=args.depth,
        edge_types=[edge_type(t) for t in args.edge_types or ()],
        direction=Direction.BOTH,
    )
    if not any(m.id == args.node_id for m in subgraph.nodes):
        raise NotFound("memory", parse_memory_id(args.node_id))
    nodes = [
        {"id": m.id, "summary": summary(m), "status": m.status.value, "score": m.score}
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


async def memory_stats(tools: MemoryTools, args: NoArgs) -> Result:
    stats = await tools.memories.stats(tools.tenant)
    return {
        "memories": stats.memories,
        "edges": {t.value.lower(): n for t, n in sorted(stats.edges.items())},
        "edge_count": sum(stats.edges.values()),
        "orphans": stats.orphans,
        "max_causal_weight": stats.kappa_max,
    }
