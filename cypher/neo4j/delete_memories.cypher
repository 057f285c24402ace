// Delete the tenant's memories with every incident edge and their embedding; returns the ids
// that existed.
// params: ids, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
OPTIONAL MATCH (v:MemoryVector {tenant: $tenant, id: id})
DETACH DELETE m, v
RETURN id
