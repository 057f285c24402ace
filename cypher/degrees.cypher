// κ and δ of each memory by id. Degree functions ran ~50x faster than size((n)-[..]-())
// on FalkorDB at 20k nodes.
// params: ids, causal, supportive
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m.id AS id,
       indegree(m, $causal) + outdegree(m, $causal) AS kappa,
       indegree(m, $supportive) + outdegree(m, $supportive) AS delta
