// Extraction records by memory id, aligned with the input.
// params: ids
UNWIND $ids AS id
OPTIONAL MATCH (x:Extraction {memory_id: id})
RETURN id, x.status AS status, x.error AS error, x.updated_at AS updated_at,
       x.facts AS facts, x.attempts AS attempts
