// Set a per-tenant configuration entry (JSON text).
// params: key, value
MERGE (c:Config {key: $key})
SET c.value = $value
RETURN c.key AS key
