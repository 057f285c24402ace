// A page of memories, newest first, resuming after the (created_at, id) keyset cursor.
// params: before, before_id, limit
MATCH (m:Memory)
WHERE $before IS NULL
   OR m.created_at < $before
   OR (m.created_at = $before AND m.id < $before_id)
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
LIMIT $limit
