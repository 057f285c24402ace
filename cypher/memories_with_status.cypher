// Memories in any of the given statuses, newest first.
// params: statuses, limit
MATCH (m:Memory)
WHERE m.status IN $statuses
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
LIMIT $limit
