// Memories whose entity list names any of the (lower-cased) names, newest first, through the
// range index on the stored lower-cased copy of the list (`entity_keys`).
// params: names, limit
UNWIND $names AS name
MATCH (m:Memory)
WHERE name IN m.entity_keys
WITH DISTINCT m
RETURN m.id AS id
ORDER BY m.created_at DESC, m.id
LIMIT $limit
