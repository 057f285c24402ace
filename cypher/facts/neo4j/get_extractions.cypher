// The tenant's extraction records by memory id, aligned with the input.
// params: ids, tenant
UNWIND $ids AS id
OPTIONAL MATCH (x:Extraction {tenant: $tenant, memory_id: id})
RETURN id, x.status AS status, x.error AS error, x.updated_at AS updated_at,
       x.facts AS facts, x.attempts AS attempts
