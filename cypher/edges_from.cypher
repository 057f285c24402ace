// Every memory–memory edge of the given types leaving the memories of $ids (an export's page).
// params: ids, types
UNWIND $ids AS id
MATCH (a:Memory {id: id})-[r]->(b:Memory)
WHERE type(r) IN $types
RETURN a.id AS source, b.id AS target, type(r) AS type,
       r.weight AS weight, r.reason AS reason, r.created_by AS created_by,
       r.created_at AS created_at, r.last_validated_at AS last_validated_at
