// Keep forgotten memories (idempotent by id): the memory, its edges and assertions as JSON.
// params: rows
UNWIND $rows AS row
MERGE (a:ForgottenMemory {id: row.id})
SET a += row
RETURN a.id AS id
