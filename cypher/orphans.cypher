// Memories with no causal or supportive edge (δ = 0).
// params: supportive
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
  AND (indegree(m, $supportive) + outdegree(m, $supportive) = 0)
RETURN m.id AS id
ORDER BY id
