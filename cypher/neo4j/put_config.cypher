// Set a per-tenant configuration entry (JSON text).
// params: key, value, tenant
MERGE (c:Config {tenant: $tenant, key: $key})
SET c.value = $value
RETURN c.key AS key
