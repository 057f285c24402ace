// Every memory–memory edge touching the memory, either direction.
// params: id
MATCH (a:Memory {id: $id})-[r]-(b:Memory)
RETURN startNode(r).id AS source, endNode(r).id AS target, type(r) AS type,
       r.weight AS weight, r.reason AS reason, r.created_by AS created_by,
       r.created_at AS created_at, r.last_validated_at AS last_validated_at
