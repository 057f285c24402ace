// Replace the embedding of each fact of `rows` that exists in the tenant (a migration
// re-embedding it with another model).
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.id})
MERGE (v:FactVector {tenant: $tenant, id: row.id})
SET v.embedding = row.embedding
RETURN count(v) AS n
