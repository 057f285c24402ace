// The neighbours that would become orphans (δ = 0) if the memory were deleted: those whose
// every supportive or causal edge connects them to it.
// params: id, supportive
MATCH (n:Memory {id: $id})-[r]-(m:Memory)
WHERE type(r) IN $supportive
WITH m, count(r) AS via
WHERE indegree(m, $supportive) + outdegree(m, $supportive) = via
RETURN m.id AS id
ORDER BY id
