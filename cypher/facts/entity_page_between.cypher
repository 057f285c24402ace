// entity_page.cypher within a window of ids, $after < id <= $upto (read without scanning and
// sorting every entity past the cursor: graph_backends/_common/id_windows.py).
// FalkorDB 4.16's string range index bounds a scan from above only roughly (ids past $upto
// come back; none is missed): the `toString` copy of the bound is a filter it cannot push
// into the index, which keeps the window exact (docs/measured-facts.md).
// params: after, upto, limit
MATCH (e:Entity)
WHERE e.id > $after AND e.id <= $upto AND toString(e.id) <= $upto
RETURN e.id AS id, e.name AS name, e.key AS key
ORDER BY e.id
LIMIT $limit
