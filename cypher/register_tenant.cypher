// Record that a tenant exists (its schema was ensured) where tenants share one database and are
// told apart by a `tenant` property (Neo4j). FalkorDB keeps a graph per tenant and needs no
// marker: the graph is the tenant.
// params: tenant
MERGE (t:Tenant {tenant: $tenant})
RETURN t.tenant AS tenant
