// Every tenant recorded by register_tenant, where tenants share one database (Neo4j). FalkorDB
// lists its per-tenant graphs instead.
// params:
// tenancy: global
MATCH (t:Tenant)
RETURN DISTINCT t.tenant AS tenant
ORDER BY tenant
