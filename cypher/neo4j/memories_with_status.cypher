// The tenant's memories in any of the given statuses, newest first.
// params: statuses, limit, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL AND m.status IN $statuses
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
LIMIT $limit
