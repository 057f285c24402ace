// Replace the embedding of each memory of `rows` that exists in the tenant (a migration
// re-embedding it with another model; a memory deleted meanwhile gets none).
// params: rows, tenant
UNWIND $rows AS row
MATCH (m:Memory {tenant: $tenant, id: row.id})
MERGE (v:MemoryVector {tenant: $tenant, id: row.id})
SET v.embedding = row.embedding
RETURN count(v) AS n
