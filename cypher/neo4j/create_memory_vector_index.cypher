// Native HNSW index on embeddings, on their own :MemoryVector nodes (ADR 0006). It is global
// across tenants: searches over-fetch and keep their tenant's hits (ADR 0007). Scores are
// recomputed exactly from the stored vector, so the index's quantization only affects which
// candidates are found, never the similarity reported.
// params: dimension
CREATE VECTOR INDEX retentia_memory_vector IF NOT EXISTS
FOR (v:MemoryVector) ON (v.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
