// Per-tenant configuration entries are unique per (tenant, key).
// params:
CREATE CONSTRAINT retentia_config_key IF NOT EXISTS
FOR (c:Config) REQUIRE (c.tenant, c.key) IS UNIQUE
