// Every memory of the tenant without embeddings, for maintenance passes.
// params: tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
RETURN m {.*} AS memory
