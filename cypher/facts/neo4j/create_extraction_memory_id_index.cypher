// One extraction record per (tenant, memory id).
// params:
CREATE CONSTRAINT retentia_extraction_key IF NOT EXISTS
FOR (x:Extraction) REQUIRE (x.tenant, x.memory_id) IS UNIQUE
