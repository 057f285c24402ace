// Every memory of the tenant without embeddings, for maintenance passes.
// The label check guards against a FalkorDB 4.16 label scan that, on a 250k tenant after
// deletes and a restart, also returned :MemoryText/:MemoryVector nodes (docs/measured-facts.md);
// it costs about 1 µs a node.
// params:
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
RETURN m {.*} AS memory
