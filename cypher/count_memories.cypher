// Number of memories in the tenant.
// params:
MATCH (m:Memory)
RETURN count(m) AS n
