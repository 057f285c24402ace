// Link the tenant's facts to the entity their object resolves to.
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.fact}), (o:Entity {tenant: $tenant, id: row.entity})
MERGE (f)-[:OBJECT {tenant: $tenant}]->(o)
RETURN count(f) AS n
