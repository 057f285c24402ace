// memory_page.cypher within a window of ids, $after < id <= $upto: FalkorDB reads only the
// window's nodes from the range index, where the unbounded query scans and sorts every node
// past the cursor (graph_backends/_common/id_windows.py).
// params: after, upto, limit
MATCH (m:Memory)
WHERE m.id > $after AND m.id <= $upto
RETURN m {.*} AS memory
ORDER BY m.id
LIMIT $limit
