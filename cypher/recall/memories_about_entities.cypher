// Memories asserting facts (effective at $at) about the entities or about entities up to two
// RELATES hops (open at $at) away, with the hop count of the nearest entity.
// params: entities, at, limit
UNWIND $entities AS eid
MATCH (e:Entity {id: eid})
OPTIONAL MATCH p = (e)-[:RELATES*1..2]-(x:Entity)
WHERE all(r IN relationships(p) WHERE r.valid_to IS NULL OR r.valid_to > $at)
WITH e, collect(DISTINCT {id: x.id, hops: length(p)}) AS reached
WITH [{id: e.id, hops: 0}] + [r IN reached WHERE r.id IS NOT NULL] AS targets
UNWIND targets AS t
// Bound to plain values first: matching on `{id: t.id}` made FalkorDB scan every Fact once per
// entity (92 of 110 ms of a recall at 10,000 memories); anchored on the entity's index it is
// under a millisecond.
WITH t.id AS tid, t.hops AS hops
MATCH (en:Entity {id: tid})<-[:SUBJECT|OBJECT]-(f:Fact)<-[:ASSERTS]-(m:Memory)
WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
  AND (f.valid_from IS NULL OR f.valid_from <= $at)
  AND (f.valid_to IS NULL OR f.valid_to > $at)
RETURN m.id AS id, min(hops) AS hops
ORDER BY hops, id
LIMIT $limit
