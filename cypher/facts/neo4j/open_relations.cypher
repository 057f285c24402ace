// Every RELATES edge of the tenant not closed by $now (valid_to unset or later).
// params: now, tenant
MATCH (s:Entity {tenant: $tenant})-[r:RELATES {tenant: $tenant}]->(t:Entity {tenant: $tenant})
WHERE s.id IS NOT NULL AND (r.valid_to IS NULL OR r.valid_to > $now)
RETURN s.id AS source, t.id AS target, r.predicate AS predicate, r.fact_id AS fact_id,
       r.valid_from AS valid_from, r.valid_to AS valid_to
