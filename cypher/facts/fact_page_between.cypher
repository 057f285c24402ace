// fact_page.cypher within a window of ids, $after < id <= $upto (read without scanning and
// sorting every fact past the cursor: graph_backends/_common/id_windows.py).
// params: after, upto, limit
MATCH (f:Fact)
WHERE f.id > $after AND f.id <= $upto
RETURN properties(f) AS props
ORDER BY f.id
LIMIT $limit
