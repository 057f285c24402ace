// memory_page.cypher within a window of ids, $after < id <= $upto: FalkorDB reads only the
// window's nodes from the range index, where the unbounded query scans and sorts every node
// past the cursor (graph_backends/_common/id_windows.py).
// FalkorDB 4.16's string range index bounds a scan from above only roughly (ids past $upto
// come back; none is missed): the `toString` copy of the bound is a filter it cannot push
// into the index, which keeps the window exact (docs/measured-facts.md).
// params: after, upto, limit
MATCH (m:Memory)
WHERE m.id > $after AND m.id <= $upto AND toString(m.id) <= $upto
RETURN m {.*} AS memory
ORDER BY m.id
LIMIT $limit
