// Up to $limit supportive or causal neighbours of every connected memory, for the schema
// term of core promotion.
// params: supportive, limit
MATCH (m:Memory)-[r]-(n:Memory)
WHERE type(r) IN $supportive
WITH m, collect(DISTINCT n.id) AS neighbours
RETURN m.id AS id, neighbours[0..$limit] AS neighbours
