// Whether register_tenant recorded the tenant, where tenants share one database (Neo4j).
// FalkorDB asks whether the tenant's graph exists instead.
// params: tenant
MATCH (t:Tenant {tenant: $tenant})
RETURN count(t) > 0 AS registered
