// The largest causal degree in the tenant (0 when it has no memories).
// params: causal, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.id IS NOT NULL
WITH COUNT { (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $causal }
       AS kappa
RETURN coalesce(max(kappa), 0) AS kappa_max
