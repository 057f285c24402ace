// Record the outcome of fact extraction for a memory of the tenant (failures are kept).
// params: rows, tenant
UNWIND $rows AS row
MERGE (x:Extraction {tenant: $tenant, memory_id: row.memory_id})
SET x.status = row.status, x.error = row.error, x.updated_at = row.updated_at,
    x.facts = row.facts, x.attempts = coalesce(x.attempts, 0) + 1
RETURN count(x) AS n
