// A page of the tenant's memories by id, ascending, past the keyset cursor $after ('' for the
// first page): an export reads a tenant of any size this way in bounded memory.
// The page is chosen on the sort keys alone and only its rows are projected: FalkorDB projected
// every match before sorting (recent_memories: 18 ms for a page of 10,000 memories; 2.8 ms).
// params: after, limit
MATCH (m:Memory)
WHERE m.id > $after
WITH m ORDER BY m.id LIMIT $limit
RETURN m {.*} AS memory
ORDER BY m.id
