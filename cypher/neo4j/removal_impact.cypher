// The neighbours that would become orphans (δ = 0) if the memory were deleted: those whose
// every supportive or causal edge connects them to it.
// params: id, supportive, tenant
MATCH (n:Memory {tenant: $tenant, id: $id})-[r {tenant: $tenant}]-(m:Memory {tenant: $tenant})
WHERE type(r) IN $supportive
WITH m, count(r) AS via
WHERE COUNT {
        (m)-[s {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(s) IN $supportive
      } = via
RETURN m.id AS id
ORDER BY id
