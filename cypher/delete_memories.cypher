// Delete memories with every incident edge; returns the ids that existed.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
DETACH DELETE m
RETURN id
