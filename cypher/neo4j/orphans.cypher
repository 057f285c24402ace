// Memories of the tenant with no causal or supportive edge (δ = 0).
// params: supportive, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
  AND NOT EXISTS {
    (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $supportive
  }
RETURN m.id AS id
ORDER BY id
