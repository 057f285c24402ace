// Every edge of the given types whose two ends are both among the given memories of the tenant.
// params: ids, types, tenant
UNWIND $ids AS id
MATCH (a:Memory {tenant: $tenant, id: id})-[r {tenant: $tenant}]->(b:Memory {tenant: $tenant})
WHERE type(r) IN $types AND b.id IN $ids
RETURN a.id AS source, b.id AS target, type(r) AS type, r.weight AS weight, r.reason AS reason,
       r.created_by AS created_by, r.created_at AS created_at,
       r.last_validated_at AS last_validated_at
