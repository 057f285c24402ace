// Close the tenant's open RELATES edges of a key that point at the given facts, at the instant
// given (the supersession or retraction instant, never a clock read). Reports how many closed.
// Projections run in their own transactions after the fact writes, so a writer's successor
// can expire an edge before the writer has projected it: a fact whose key has no edge for it
// at all is marked `relation_expired_at`, and upsert_relations then records its late edge
// already closed at that instant (the outcome of projecting in commit order). The key's source
// entity is locked first (the SET), so an expiry and an upsert of one key never interleave.
// params: rows, now, tenant
UNWIND $rows AS row
MATCH (s:Entity {tenant: $tenant, id: row.source})
SET s.projected_at = $now
WITH row, s
OPTIONAL MATCH (s)-[r:RELATES {tenant: $tenant}]->(:Entity {tenant: $tenant, id: row.target})
WHERE r.predicate = row.predicate AND r.fact_id IN row.fact_ids
WITH row, collect(r) AS edges
WITH row, edges, [x IN edges WHERE x.valid_to IS NULL OR x.valid_to > row.at] AS open
FOREACH (x IN open | SET x.valid_to = row.at)
WITH row, size(open) AS closed, [x IN edges | x.fact_id] AS projected
CALL (row, projected) {
  UNWIND [id IN row.fact_ids WHERE NOT id IN projected] AS unprojected
  MATCH (f:Fact {tenant: $tenant, id: unprojected})
  SET f.relation_expired_at = coalesce(f.relation_expired_at, row.at)
  RETURN count(f) AS marked
}
RETURN sum(closed) AS n
