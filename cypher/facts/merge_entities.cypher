// Create the entities a fact write resolves to (idempotent by id).
// params: rows
UNWIND $rows AS row
MERGE (e:Entity {id: row.id})
ON CREATE SET e.name = row.name, e.key = row.key
RETURN count(e) AS n
