// κ and δ of every memory of the tenant, for maintenance passes.
// params: causal, supportive
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
RETURN m.id AS id,
       indegree(m, $causal) + outdegree(m, $causal) AS kappa,
       indegree(m, $supportive) + outdegree(m, $supportive) AS delta
