// Range index on per-tenant configuration entries.
// params:
CREATE INDEX FOR (c:Config) ON (c.key)
