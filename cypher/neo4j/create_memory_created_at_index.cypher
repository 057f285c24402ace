// Range index on (tenant, creation time in epoch microseconds), for listing by recency.
// params:
CREATE INDEX retentia_memory_created_at IF NOT EXISTS
FOR (m:Memory) ON (m.tenant, m.created_at)
