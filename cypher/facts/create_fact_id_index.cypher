// Range index on Fact.id (fact layer).
// params:
CREATE INDEX FOR (n:Fact) ON (n.id)
