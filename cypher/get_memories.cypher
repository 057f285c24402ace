// Memories by id (embeddings live on :MemoryVector and are fetched apart, only when asked).
// The label check: after a load, FalkorDB 4.16 can answer an id lookup with a second node of
// another label (clear_label_phantoms.cypher mends that; this keeps the read right meanwhile).
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE 'Memory' IN labels(m)
RETURN m {.*} AS memory
