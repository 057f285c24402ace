// Range index on memory ids: every lookup by id goes through it.
// params:
CREATE INDEX FOR (m:Memory) ON (m.id)
