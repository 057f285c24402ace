// Range index on (tenant, source session): a new turn finds the one it follows through it.
// params:
CREATE INDEX retentia_memory_session IF NOT EXISTS
FOR (m:Memory) ON (m.tenant, m.source_session)
