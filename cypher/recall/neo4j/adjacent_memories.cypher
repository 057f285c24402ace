// The tenant's memories adjacent to each given memory over the given edge types, either
// direction.
// params: ids, types, tenant
UNWIND $ids AS id
MATCH (a:Memory {tenant: $tenant, id: id})-[r {tenant: $tenant}]-(b:Memory {tenant: $tenant})
WHERE type(r) IN $types
RETURN id, collect(DISTINCT b.id) AS neighbours
