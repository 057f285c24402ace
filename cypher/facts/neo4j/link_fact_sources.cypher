// Link the tenant's facts to the memory that asserted them (when it exists).
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.fact}), (m:Memory {tenant: $tenant, id: row.memory})
MERGE (m)-[:ASSERTS {tenant: $tenant}]->(f)
RETURN count(f) AS n
