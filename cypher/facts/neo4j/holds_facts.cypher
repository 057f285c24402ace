// Whether the tenant holds any fact, in any state: the first one found through the (tenant, id)
// constraint's index by its tenant prefix (`id IS NOT NULL`), nothing sorted.
// params: tenant
MATCH (f:Fact {tenant: $tenant})
WHERE f.id IS NOT NULL
RETURN true AS found
LIMIT 1
