// Delete up to `$batch` of a tenant's nodes with their edges and return how many went, where
// tenants share one database (Neo4j); the caller repeats it until none are left, so no single
// transaction grows with the tenant. The tenant's marker goes last. FalkorDB deletes the
// tenant's graph instead.
// params: tenant, batch
CALL () {
  MATCH (m:Memory {tenant: $tenant}) WHERE m.id IS NOT NULL RETURN m AS n LIMIT $batch
  UNION ALL
  MATCH (v:MemoryVector {tenant: $tenant}) WHERE v.id IS NOT NULL RETURN v AS n LIMIT $batch
  UNION ALL
  MATCH (s:Tombstone {tenant: $tenant}) WHERE s.id IS NOT NULL RETURN s AS n LIMIT $batch
  UNION ALL
  MATCH (c:Config {tenant: $tenant}) WHERE c.key IS NOT NULL RETURN c AS n LIMIT $batch
  UNION ALL
  MATCH (t:Tenant {tenant: $tenant}) RETURN t AS n LIMIT $batch
}
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(n) AS deleted
