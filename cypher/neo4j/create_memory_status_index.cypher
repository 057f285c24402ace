// Range index on (tenant, lifecycle status), for reading the core memories of a tenant.
// params:
CREATE INDEX retentia_memory_status IF NOT EXISTS
FOR (m:Memory) ON (m.tenant, m.status)
