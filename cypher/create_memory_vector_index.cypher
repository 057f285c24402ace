// Native HNSW index on memory embeddings. efRuntime 10 (the default) missed exact matches
// 8 times in 50 at 20k nodes; 100 found all of them at ~3 ms.
// params: dimension, ef_runtime
CREATE VECTOR INDEX FOR (m:Memory) ON (m.embedding)
OPTIONS {dimension: $dimension, similarityFunction: 'cosine', efRuntime: $ef_runtime}
