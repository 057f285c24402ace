// Native HNSW index on memory embeddings, kept on their own :MemoryVector nodes: FalkorDB
// re-inserts a node into the HNSW index on any property write, so lifecycle updates of :Memory
// (score, status, counters) would otherwise pay 0.4 ms per row at 384 dimensions.
// efRuntime 10 (the default) missed exact matches 8 times in 50 at 20k nodes; 100 found all.
// params: dimension, ef_runtime
CREATE VECTOR INDEX FOR (v:MemoryVector) ON (v.embedding)
OPTIONS {dimension: $dimension, similarityFunction: 'cosine', efRuntime: $ef_runtime}
