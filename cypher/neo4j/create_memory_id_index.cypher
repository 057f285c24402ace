// Memory ids are unique per tenant. Neo4j keeps every tenant in one database, so the key is
// (tenant, id); the constraint's range index also serves tenant-wide scans, which add
// `WHERE m.id IS NOT NULL` so the planner can seek the index by its tenant prefix.
// params:
CREATE CONSTRAINT retentia_memory_key IF NOT EXISTS
FOR (m:Memory) REQUIRE (m.tenant, m.id) IS UNIQUE
