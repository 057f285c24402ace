// Delete up to `$batch` of a tenant's nodes with their edges and return how many went; the
// caller repeats it until none are left, so no single transaction grows with the tenant. Every
// label Neo4j keeps for a tenant, the fact layer's included, each reached through its
// (tenant, …) index; the tenant's marker goes last.
// params: tenant, batch
CALL () {
  MATCH (m:Memory {tenant: $tenant}) WHERE m.id IS NOT NULL RETURN m AS n LIMIT $batch
  UNION ALL
  MATCH (v:MemoryVector {tenant: $tenant}) WHERE v.id IS NOT NULL RETURN v AS n LIMIT $batch
  UNION ALL
  MATCH (s:Tombstone {tenant: $tenant}) WHERE s.id IS NOT NULL RETURN s AS n LIMIT $batch
  UNION ALL
  MATCH (a:ForgottenMemory {tenant: $tenant}) WHERE a.id IS NOT NULL RETURN a AS n LIMIT $batch
  UNION ALL
  MATCH (c:Config {tenant: $tenant}) WHERE c.key IS NOT NULL RETURN c AS n LIMIT $batch
  UNION ALL
  MATCH (f:Fact {tenant: $tenant}) WHERE f.id IS NOT NULL RETURN f AS n LIMIT $batch
  UNION ALL
  MATCH (w:FactVector {tenant: $tenant}) WHERE w.id IS NOT NULL RETURN w AS n LIMIT $batch
  UNION ALL
  MATCH (k:FactSlot {tenant: $tenant}) WHERE k.key IS NOT NULL RETURN k AS n LIMIT $batch
  UNION ALL
  MATCH (e:Entity {tenant: $tenant}) WHERE e.id IS NOT NULL RETURN e AS n LIMIT $batch
  UNION ALL
  MATCH (l:Lease {tenant: $tenant}) WHERE l.name IS NOT NULL RETURN l AS n LIMIT $batch
  UNION ALL
  MATCH (x:Extraction {tenant: $tenant}) WHERE x.memory_id IS NOT NULL RETURN x AS n LIMIT $batch
  UNION ALL
  MATCH (i:IdempotencyKey {tenant: $tenant}) WHERE i.key IS NOT NULL RETURN i AS n LIMIT $batch
  UNION ALL
  MATCH (t:Tenant {tenant: $tenant}) RETURN t AS n LIMIT $batch
}
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(n) AS deleted
