// The tenant's memories asserting facts (effective at $at) about the entities or about
// entities up to two RELATES hops (open at $at) away, with the hop count of the nearest entity.
// params: entities, at, limit, tenant
UNWIND $entities AS eid
MATCH (e:Entity {tenant: $tenant, id: eid})
OPTIONAL MATCH p = (e)-[:RELATES*1..2 {tenant: $tenant}]-(x:Entity {tenant: $tenant})
WHERE all(r IN relationships(p) WHERE r.valid_to IS NULL OR r.valid_to > $at)
WITH e, collect(DISTINCT {id: x.id, hops: length(p)}) AS reached
WITH [{id: e.id, hops: 0}] + [r IN reached WHERE r.id IS NOT NULL] AS targets
UNWIND targets AS t
MATCH (:Entity {tenant: $tenant, id: t.id})
      <-[:SUBJECT|OBJECT {tenant: $tenant}]-(f:Fact {tenant: $tenant})
      <-[:ASSERTS {tenant: $tenant}]-(m:Memory {tenant: $tenant})
WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
  AND (f.valid_from IS NULL OR f.valid_from <= $at)
  AND (f.valid_to IS NULL OR f.valid_to > $at)
RETURN m.id AS id, min(t.hops) AS hops
ORDER BY hops, id
LIMIT $limit
