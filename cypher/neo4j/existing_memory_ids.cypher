// Which of the given ids exist in the tenant.
// params: ids, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
RETURN m.id AS id
