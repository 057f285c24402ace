// A page of the tenant's memories, newest first, resuming after the (created_at, id) cursor.
// params: before, before_id, limit, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.created_at IS NOT NULL
  AND ($before IS NULL
       OR m.created_at < $before
       OR (m.created_at = $before AND m.id < $before_id))
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
LIMIT $limit
