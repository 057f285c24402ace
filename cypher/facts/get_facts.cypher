// Facts by id, aligned with the input (null where missing).
// params: ids
UNWIND $ids AS id
OPTIONAL MATCH (f:Fact {id: id})
RETURN id, properties(f) AS props
