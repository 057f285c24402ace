// Create the entities a fact write resolves to, in the tenant (idempotent by id).
// params: rows, tenant
UNWIND $rows AS row
MERGE (e:Entity {tenant: $tenant, id: row.id})
ON CREATE SET e.name = row.name, e.key = row.key
RETURN count(e) AS n
