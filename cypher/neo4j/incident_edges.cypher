// Every memory–memory edge of the tenant touching the memory, either direction.
// params: id, tenant
MATCH (a:Memory {tenant: $tenant, id: $id})-[r {tenant: $tenant}]-(b:Memory {tenant: $tenant})
RETURN startNode(r).id AS source, endNode(r).id AS target, type(r) AS type,
       r.weight AS weight, r.reason AS reason, r.created_by AS created_by,
       r.created_at AS created_at, r.last_validated_at AS last_validated_at
