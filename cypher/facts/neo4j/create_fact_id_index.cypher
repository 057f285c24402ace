// Fact ids are unique per tenant: every tenant's facts share one Neo4j database, so the key is
// (tenant, id). Its range index also serves tenant-wide fact scans (`WHERE f.id IS NOT NULL`
// lets the planner seek it by its tenant prefix).
// params:
CREATE CONSTRAINT retentia_fact_key IF NOT EXISTS
FOR (f:Fact) REQUIRE (f.tenant, f.id) IS UNIQUE
