// Range index on Fact.fingerprint (fact layer).
// params:
CREATE INDEX FOR (n:Fact) ON (n.fingerprint)
