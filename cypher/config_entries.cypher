// Every per-tenant configuration entry (JSON text), by key.
// params:
MATCH (c:Config)
RETURN c.key AS key, c.value AS value
ORDER BY key
