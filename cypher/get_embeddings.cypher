// The stored embedding of each memory by id.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m.id AS id, m.embedding AS embedding
