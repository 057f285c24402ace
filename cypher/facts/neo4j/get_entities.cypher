// The tenant's entities by id, aligned with the input.
// params: ids, tenant
UNWIND $ids AS id
OPTIONAL MATCH (e:Entity {tenant: $tenant, id: id})
RETURN id, e.name AS name, e.key AS key
