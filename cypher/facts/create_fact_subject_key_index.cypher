// Range index on Fact.subject_key (fact layer).
// params:
CREATE INDEX FOR (n:Fact) ON (n.subject_key)
