// Native HNSW index on memory embeddings, kept on their own :MemoryVector nodes: FalkorDB
// re-inserts a node into the HNSW index on any property write, so lifecycle updates of :Memory
// (score, status, counters) would otherwise pay 0.4 ms per row at 384 dimensions.
// efRuntime 10 (the default) missed exact matches 8 times in 50 at 20k nodes; 100 found all.
// efConstruction, the candidates kept while a vector is inserted, sets the cost of every insert
// and of the index's rebuild on every load (FalkorDB keeps no HNSW graph on disk): 100 instead
// of the default 200 built an index of 33,616 MiniLM vectors in 9.3 s instead of 15.9 with the
// same recall@10 (0.998 at efRuntime 100; docs/measured-facts.md).
// params: dimension, ef_runtime, ef_construction
CREATE VECTOR INDEX FOR (v:MemoryVector) ON (v.embedding)
OPTIONS {dimension: $dimension, similarityFunction: 'cosine', efRuntime: $ef_runtime,
         efConstruction: $ef_construction}
