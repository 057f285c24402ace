// Record tombstones in the tenant (idempotent by id).
// params: rows, tenant
UNWIND $rows AS row
MERGE (t:Tombstone {tenant: $tenant, id: row.id})
SET t += row
RETURN t.id AS id
