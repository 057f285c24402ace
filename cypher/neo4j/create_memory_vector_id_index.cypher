// The :MemoryVector carrying each memory's embedding is unique per (tenant, memory id).
// params:
CREATE CONSTRAINT retentia_memory_vector_key IF NOT EXISTS
FOR (v:MemoryVector) REQUIRE (v.tenant, v.id) IS UNIQUE
