// Memories in any of the given statuses, newest first, resuming after the (created_at, id)
// keyset cursor when one is given.
// The page is chosen on the sort keys alone and only its rows are projected: FalkorDB projected
// every match before sorting (recent_memories: 18 ms for a page of 10,000 memories; 2.8 ms).
// params: statuses, before, before_id, limit
MATCH (m:Memory)
WHERE m.status IN $statuses
  AND ($before IS NULL
       OR m.created_at < $before
       OR (m.created_at = $before AND m.id < $before_id))
WITH m ORDER BY m.created_at DESC, m.id DESC LIMIT $limit
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
