// The stored embedding of each memory of the tenant by id.
// params: ids, tenant
UNWIND $ids AS id
MATCH (v:MemoryVector {tenant: $tenant, id: id})
RETURN v.id AS id, v.embedding AS embedding
