// Memories with no causal or supportive edge (δ = 0).
// params: supportive
MATCH (m:Memory)
WHERE indegree(m, $supportive) + outdegree(m, $supportive) = 0
RETURN m.id AS id
ORDER BY id
