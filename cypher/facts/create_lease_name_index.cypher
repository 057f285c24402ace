// Range index on Lease.name (fact layer).
// params:
CREATE INDEX FOR (n:Lease) ON (n.name)
