// The largest causal degree in the tenant (0 when it has no memories).
// params: causal
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
RETURN coalesce(max(indegree(m, $causal) + outdegree(m, $causal)), 0) AS kappa_max
