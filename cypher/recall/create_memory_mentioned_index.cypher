// Range index on the start of the window a memory's words date it to (the temporal leg).
// params:
CREATE INDEX FOR (m:Memory) ON (m.mentioned_start)
