// Erasure (docs/adr/0018): delete entities with their derived RELATES edges (entity to entity;
// any other link goes with DETACH DELETE); how many entities and RELATES edges went.
// params: ids
UNWIND $ids AS id
MATCH (e:Entity {id: id})
OPTIONAL MATCH (e)-[r:RELATES]-(:Entity)
WITH collect(DISTINCT e) AS entities, collect(DISTINCT r) AS relations
FOREACH (x IN entities | DETACH DELETE x)
RETURN size(entities) AS entities, size(relations) AS relations
