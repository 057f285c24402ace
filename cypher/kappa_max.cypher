// The largest causal degree in the tenant (0 when it has no memories).
// params: causal
MATCH (m:Memory)
RETURN coalesce(max(indegree(m, $causal) + outdegree(m, $causal)), 0) AS kappa_max
