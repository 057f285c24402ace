// Store fact embeddings in the tenant, one :FactVector per fact.
// params: rows, tenant
UNWIND $rows AS row
MERGE (v:FactVector {tenant: $tenant, id: row.id})
SET v.embedding = row.embedding
RETURN count(v) AS n
