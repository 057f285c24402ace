// Memories whose entity list names any of the (lower-cased) names, newest first.
// params: names, limit
MATCH (m:Memory)
WHERE any(e IN m.entities WHERE toLower(e) IN $names)
RETURN m.id AS id
ORDER BY m.created_at DESC, m.id
LIMIT $limit
