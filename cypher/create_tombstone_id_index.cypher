// Range index on tombstone ids (what is left of forgotten superseded memories).
// params:
CREATE INDEX FOR (t:Tombstone) ON (t.id)
