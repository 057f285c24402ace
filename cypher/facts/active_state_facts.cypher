// Every fact still in state active (the reconciler's source of truth).
// params:
MATCH (f:Fact)
WHERE f.state = 'active'
RETURN properties(f) AS props
