// entity_page.cypher within a window of ids, $after < id <= $upto (read without scanning and
// sorting every entity past the cursor: graph_backends/_common/id_windows.py).
// params: after, upto, limit
MATCH (e:Entity)
WHERE e.id > $after AND e.id <= $upto
RETURN e.id AS id, e.name AS name, e.key AS key
ORDER BY e.id
LIMIT $limit
