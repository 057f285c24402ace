// Forgotten memories by id.
// params: ids
UNWIND $ids AS id
MATCH (a:ForgottenMemory {id: id})
RETURN a.id AS id, a.forgotten_at AS forgotten_at, a.record AS record
