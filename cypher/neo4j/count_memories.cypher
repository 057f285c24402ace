// Number of memories in the tenant.
// params: tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
RETURN count(m) AS n
