// Every edge of the given types whose two ends are both among the given memories. The list is
// bound once with WITH: FalkorDB re-evaluated `b.id IN $ids` per row (7 ms for 60 ids; 0.5 ms
// bound once).
// params: ids, types
WITH $ids AS ids
UNWIND ids AS id
MATCH (a:Memory {id: id})-[r]->(b:Memory)
WHERE type(r) IN $types AND b.id IN ids
RETURN a.id AS source, b.id AS target, type(r) AS type, r.weight AS weight, r.reason AS reason,
       r.created_by AS created_by, r.created_at AS created_at,
       r.last_validated_at AS last_validated_at
