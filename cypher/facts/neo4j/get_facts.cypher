// The tenant's facts by id, aligned with the input (null where missing).
// params: ids, tenant
UNWIND $ids AS id
OPTIONAL MATCH (f:Fact {tenant: $tenant, id: id})
RETURN id, properties(f) AS props
