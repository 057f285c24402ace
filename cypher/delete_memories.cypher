// Delete memories with every incident edge and their embedding; returns the ids that existed.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (v:MemoryVector {id: id})
DETACH DELETE m, v
RETURN id
