// Remove typed edges; returns the keys that existed.
// params: edges
UNWIND $edges AS e
MATCH (a:Memory {id: e.source})-[r]->(b:Memory {id: e.target})
WHERE type(r) = e.type
DELETE r
RETURN e.source AS source, e.target AS target, e.type AS type
