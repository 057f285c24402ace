// Native HNSW index on fact embeddings, on their own :FactVector nodes, global across tenants
// like the memories' one: searches over-fetch, keep their tenant's facts and recompute the
// cosine exactly (ADR 0007).
// params: dimension
CREATE VECTOR INDEX retentia_fact_vector IF NOT EXISTS
FOR (v:FactVector) ON (v.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
