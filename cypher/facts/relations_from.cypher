// Every RELATES edge, open or closed, leaving the entities of $ids, as stored.
// params: ids
UNWIND $ids AS id
MATCH (s:Entity {id: id})-[r:RELATES]->(t:Entity)
RETURN s.id AS source, t.id AS target, r.predicate AS predicate, r.fact_id AS fact_id,
       r.valid_from AS valid_from, r.valid_to AS valid_to, r.created_at AS created_at
