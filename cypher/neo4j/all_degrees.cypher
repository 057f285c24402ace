// κ and δ of every memory of the tenant, for maintenance passes. (`m.id IS NOT NULL` lets the
// planner seek the (tenant, id) index by its tenant prefix instead of scanning the label.)
// params: causal, supportive, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
RETURN m.id AS id,
       COUNT { (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $causal }
         AS kappa,
       COUNT { (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $supportive }
         AS delta
