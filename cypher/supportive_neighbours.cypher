// The causal or supportive neighbours of every connected memory, for the schema term of core
// promotion (the caller takes a deterministic subset).
// params: supportive
MATCH (m:Memory)-[r]-(n:Memory)
WHERE type(r) IN $supportive
WITH m, collect(DISTINCT n.id) AS neighbours
RETURN m.id AS id, neighbours
