// fact_page.cypher within a window of ids, $after < id <= $upto (read without scanning and
// sorting every fact past the cursor: graph_backends/_common/id_windows.py).
// FalkorDB 4.16's string range index bounds a scan from above only roughly (ids past $upto
// come back; none is missed): the `toString` copy of the bound is a filter it cannot push
// into the index, which keeps the window exact (docs/measured-facts.md).
// The page is chosen on the sort keys alone and only its rows are projected: FalkorDB projected
// every match before sorting (recent_memories: 18 ms for a page of 10,000 memories; 2.8 ms).
// params: after, upto, limit
MATCH (f:Fact)
WHERE f.id > $after AND f.id <= $upto AND toString(f.id) <= $upto
WITH f ORDER BY f.id LIMIT $limit
RETURN properties(f) AS props
ORDER BY f.id
