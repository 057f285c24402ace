// Entities by id, aligned with the input.
// params: ids
UNWIND $ids AS id
OPTIONAL MATCH (e:Entity {id: id})
RETURN id, e.name AS name, e.key AS key
