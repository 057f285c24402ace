// The tenant's memories asserting facts (effective at $at) about the entities or about
// entities up to $max_hops (1 or 2) RELATES hops (open at $at) away, with the hop count of the nearest entity.
// An entity more than $max_facts facts name (a hub; null: no cap) neither seeds nor is walked
// through.
// params: entities, at, limit, tenant, max_facts, max_hops
UNWIND $entities AS eid
MATCH (e:Entity {tenant: $tenant, id: eid})
WHERE $max_facts IS NULL
   OR COUNT { (e)<-[:SUBJECT|OBJECT {tenant: $tenant}]-(:Fact {tenant: $tenant}) } <= $max_facts
// One hop at a time, to distinct entities (as FalkorDB's query), so that a hub is checked once.
OPTIONAL MATCH (e)-[r1:RELATES {tenant: $tenant}]-(x1:Entity {tenant: $tenant})
WHERE (r1.valid_to IS NULL OR r1.valid_to > $at)
  AND ($max_facts IS NULL
       OR COUNT { (x1)<-[:SUBJECT|OBJECT {tenant: $tenant}]-(:Fact {tenant: $tenant}) }
          <= $max_facts)
WITH e, collect(DISTINCT x1) AS ones
UNWIND CASE WHEN size(ones) = 0 OR $max_hops < 2 THEN [null] ELSE ones END AS one
OPTIONAL MATCH (one:Entity {tenant: $tenant})-[r2:RELATES {tenant: $tenant}]-(x2:Entity {tenant: $tenant})
WHERE (r2.valid_to IS NULL OR r2.valid_to > $at)
  AND ($max_facts IS NULL
       OR COUNT { (x2)<-[:SUBJECT|OBJECT {tenant: $tenant}]-(:Fact {tenant: $tenant}) }
          <= $max_facts)
WITH e, ones, collect(DISTINCT x2) AS twos
WITH [{id: e.id, hops: 0}] + [x IN ones | {id: x.id, hops: 1}] + [x IN twos | {id: x.id, hops: 2}]
     AS targets
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
