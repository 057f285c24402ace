// Delete forgotten memories (restored, purged or erased); returns the ids that existed.
// params: ids
UNWIND $ids AS id
MATCH (a:ForgottenMemory {id: id})
DELETE a
RETURN id
