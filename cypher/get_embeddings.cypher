// The stored embedding of each memory by id.
// params: ids
UNWIND $ids AS id
MATCH (v:MemoryVector {id: id})
RETURN v.id AS id, v.embedding AS embedding
