// The causal or supportive neighbours of every connected memory of the tenant, for the schema
// term of core promotion (the caller takes a deterministic subset).
// params: supportive, tenant
MATCH (m:Memory {tenant: $tenant})-[r {tenant: $tenant}]-(n:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL AND type(r) IN $supportive
WITH m, collect(DISTINCT n.id) AS neighbours
RETURN m.id AS id, neighbours
