// Tenant-wide version of stale_auto_links, for maintenance passes.
// params: stale_before, tenant
MATCH (m:Memory {tenant: $tenant})-[r:RELATED_TO {tenant: $tenant}]-(:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
  AND r.created_by = 'auto' AND coalesce(r.last_validated_at, r.created_at, 0) < $stale_before
RETURN m.id AS id, count(r) AS stale
