// Range index on Fact.conflict_key (fact layer).
// params:
CREATE INDEX FOR (n:Fact) ON (n.conflict_key)
