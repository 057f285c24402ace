// Every fact of the tenant still in state active (the reconciler's source of truth).
// params: tenant
MATCH (f:Fact {tenant: $tenant})
WHERE f.id IS NOT NULL AND f.state = 'active'
RETURN properties(f) AS props
