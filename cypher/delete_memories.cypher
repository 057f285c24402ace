// Delete memories with every incident edge, their embedding and their indexed text; returns
// the ids that existed.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (v:MemoryVector {id: id})
OPTIONAL MATCH (t:MemoryText {id: id})
DETACH DELETE m, v, t
RETURN id
