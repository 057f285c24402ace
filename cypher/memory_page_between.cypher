// memory_page.cypher within a window of ids, $after < id <= $upto: FalkorDB reads only the
// window's nodes from the range index, where the unbounded query scans and sorts every node
// past the cursor (graph_backends/_common/id_windows.py).
// FalkorDB 4.16's string range index bounds a scan from above only roughly (ids past $upto
// come back; none is missed): the `toString` copy of the bound is a filter it cannot push
// into the index, which keeps the window exact (docs/measured-facts.md).
// The page is chosen on the sort keys alone and only its rows are projected: FalkorDB projected
// every match before sorting (recent_memories: 18 ms for a page of 10,000 memories; 2.8 ms).
// params: after, upto, limit
MATCH (m:Memory)
WHERE m.id > $after AND m.id <= $upto AND toString(m.id) <= $upto
WITH m ORDER BY m.id LIMIT $limit
RETURN m {.*} AS memory
ORDER BY m.id
