// A page of the tenant's facts in every state by id, ascending, past the keyset cursor $after.
// The page is chosen on the sort keys alone and only its rows are projected: FalkorDB projected
// every match before sorting (recent_memories: 18 ms for a page of 10,000 memories; 2.8 ms).
// params: after, limit
MATCH (f:Fact)
WHERE f.id > $after
WITH f ORDER BY f.id LIMIT $limit
RETURN properties(f) AS props
ORDER BY f.id
