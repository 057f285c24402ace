// The facts each memory of the tenant asserts, every state.
// params: ids, tenant
UNWIND $ids AS id
MATCH (:Memory {tenant: $tenant, id: id})-[:ASSERTS {tenant: $tenant}]->(f:Fact {tenant: $tenant})
RETURN id, collect(properties(f)) AS facts
