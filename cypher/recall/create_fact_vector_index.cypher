// HNSW index on fact embeddings, on their own nodes for the reason given for memories.
// params: dimension, ef_runtime, ef_construction
CREATE VECTOR INDEX FOR (v:FactVector) ON (v.embedding)
OPTIONS {dimension: $dimension, similarityFunction: 'cosine', efRuntime: $ef_runtime,
         efConstruction: $ef_construction}
