// Range index on memory sessions: a new turn finds the one it follows through it.
// params:
CREATE INDEX FOR (m:Memory) ON (m.source_session)
