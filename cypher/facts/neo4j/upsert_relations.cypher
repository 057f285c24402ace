// Make each (source, target, predicate) key of the tenant have exactly one RELATES edge open at
// $now, pointing at the fact: create it (carrying the tenant) when none is open, otherwise
// repoint the first open one and close any duplicate at $now. Reports what changed. The key's
// source entity is locked first, as in expire_relations. A fact whose edge was expired before
// it was projected (`relation_expired_at`, see expire_relations) gets that edge created already
// closed, unless the key has one for it, and no other edge of the key changes.
// params: rows, now, tenant
UNWIND $rows AS row
MATCH (s:Entity {tenant: $tenant, id: row.source}), (t:Entity {tenant: $tenant, id: row.target})
SET s.projected_at = $now
WITH row, s, t
OPTIONAL MATCH (f:Fact {tenant: $tenant, id: row.fact_id})
WITH row, s, t, f.relation_expired_at AS expired_at
CALL (row, s, t, expired_at) {
  WITH row, s, t
  WHERE expired_at IS NULL
  OPTIONAL MATCH (s)-[r:RELATES {tenant: $tenant}]->(t)
  WHERE r.predicate = row.predicate AND (r.valid_to IS NULL OR r.valid_to > $now)
  WITH row, s, t, collect(r) AS open
  WITH row, s, t, open,
       size([x IN open[0..1] WHERE x.fact_id <> row.fact_id
             OR coalesce(x.valid_to, -1) <> coalesce(row.valid_to, -1)]) AS changed
  FOREACH (_ IN CASE WHEN size(open) = 0 THEN [1] ELSE [] END |
    CREATE (s)-[:RELATES {tenant: $tenant, predicate: row.predicate, fact_id: row.fact_id,
                          valid_from: row.valid_from, valid_to: row.valid_to,
                          created_at: row.created_at}]->(t))
  FOREACH (x IN open[0..1] | SET x.fact_id = row.fact_id, x.valid_to = row.valid_to)
  FOREACH (x IN open[1..] | SET x.valid_to = $now)
  RETURN size(open) = 0 AS created, changed,
         CASE WHEN size(open) > 1 THEN size(open) - 1 ELSE 0 END AS duplicates
  UNION ALL
  WITH row, s, t, expired_at
  WHERE expired_at IS NOT NULL
  OPTIONAL MATCH (s)-[r:RELATES {tenant: $tenant}]->(t)
  WHERE r.predicate = row.predicate AND r.fact_id = row.fact_id
  WITH row, s, t, expired_at, count(r) = 0 AS missing
  FOREACH (_ IN CASE WHEN missing THEN [1] ELSE [] END |
    CREATE (s)-[:RELATES {tenant: $tenant, predicate: row.predicate, fact_id: row.fact_id,
                          valid_from: row.valid_from, valid_to: expired_at,
                          created_at: row.created_at}]->(t))
  RETURN missing AS created, 0 AS changed, 0 AS duplicates
}
RETURN created, changed, duplicates
