// A per-tenant configuration entry (JSON text) by key.
// params: key
MATCH (c:Config {key: $key})
RETURN c.value AS value
