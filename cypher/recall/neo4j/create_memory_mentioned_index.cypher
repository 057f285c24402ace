// Range index on (tenant, start of the window a memory's words date it to): the temporal leg.
// params:
CREATE INDEX retentia_memory_mentioned IF NOT EXISTS
FOR (m:Memory) ON (m.tenant, m.mentioned_start)
