// κ and δ of every memory of the tenant, for maintenance passes.
// params: causal, supportive
MATCH (m:Memory)
RETURN m.id AS id,
       indegree(m, $causal) + outdegree(m, $causal) AS kappa,
       indegree(m, $supportive) + outdegree(m, $supportive) AS delta
