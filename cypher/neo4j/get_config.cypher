// A per-tenant configuration entry (JSON text) by key.
// params: key, tenant
MATCH (c:Config {tenant: $tenant, key: $key})
RETURN c.value AS value
