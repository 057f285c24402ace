// Memories asserting facts (effective at $at) about the entities or about entities up to
// $max_hops (1 or 2) RELATES hops (open at $at) away, with the hop count of the nearest entity. An entity more than
// $max_facts facts name (a hub; null: no cap) neither seeds nor is walked through: its facts
// tell none of their memories apart, and reading them grows with the tenant.
// params: entities, at, limit, max_facts, max_hops
UNWIND $entities AS eid
MATCH (e:Entity {id: eid})
WHERE $max_facts IS NULL OR indegree(e, ['SUBJECT', 'OBJECT']) <= $max_facts
// One hop at a time, each to distinct entities: a variable-length pattern enumerated every
// two-edge path (a neighbour's edges once per edge reaching it), which grew with the closed
// edges that superseded facts leave (250,000 memories: 15–23 ms for the reach alone, 2–7 ms
// this way, the same entities).
OPTIONAL MATCH (e)-[r1:RELATES]-(x1:Entity)
WHERE (r1.valid_to IS NULL OR r1.valid_to > $at)
  AND ($max_facts IS NULL OR indegree(x1, ['SUBJECT', 'OBJECT']) <= $max_facts)
WITH e, collect(DISTINCT x1) AS ones
UNWIND CASE WHEN size(ones) = 0 OR $max_hops < 2 THEN [null] ELSE ones END AS one
OPTIONAL MATCH (one)-[r2:RELATES]-(x2:Entity)
WHERE (r2.valid_to IS NULL OR r2.valid_to > $at)
  AND ($max_facts IS NULL OR indegree(x2, ['SUBJECT', 'OBJECT']) <= $max_facts)
WITH e, ones, collect(DISTINCT x2) AS twos
WITH [{id: e.id, hops: 0}] + [x IN ones | {id: x.id, hops: 1}] + [x IN twos | {id: x.id, hops: 2}]
     AS targets
UNWIND targets AS t
// Per entity first, then anchored on its index: matching the fact pattern on a value from the
// unwound map made FalkorDB scan every Fact once per entity (72 ms at 10,000 memories, 0.9 ms
// this way).
WITH t.id AS tid, min(t.hops) AS hops
MATCH (en:Entity {id: tid})
WITH en, hops
MATCH (en)<-[:SUBJECT|OBJECT]-(f:Fact)<-[:ASSERTS]-(m:Memory)
WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
  AND (f.valid_from IS NULL OR f.valid_from <= $at)
  AND (f.valid_to IS NULL OR f.valid_to > $at)
RETURN m.id AS id, min(hops) AS hops
ORDER BY hops, id
LIMIT $limit
