// Memories in any of the given statuses, newest first, resuming after the (created_at, id)
// keyset cursor when one is given.
// params: statuses, before, before_id, limit
MATCH (m:Memory)
WHERE m.status IN $statuses
  AND ($before IS NULL
       OR m.created_at < $before
       OR (m.created_at = $before AND m.id < $before_id))
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
LIMIT $limit
