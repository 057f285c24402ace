// Record tombstones (idempotent by id).
// params: rows
UNWIND $rows AS row
MERGE (t:Tombstone {id: row.id})
SET t += row
RETURN t.id AS id
