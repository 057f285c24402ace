// The :FactVector carrying each fact's embedding is unique per (tenant, fact id).
// params:
CREATE CONSTRAINT retentia_fact_vector_key IF NOT EXISTS
FOR (v:FactVector) REQUIRE (v.tenant, v.id) IS UNIQUE
