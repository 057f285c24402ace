// Every configuration entry of the tenant (JSON text), by key, found through the (tenant, key)
// index.
// params: tenant
MATCH (c:Config {tenant: $tenant})
WHERE c.key IS NOT NULL
RETURN c.key AS key, c.value AS value
ORDER BY key
