// Per memory of the tenant, its machine-made RELATED_TO edges not validated since the cut-off:
// they no longer hold a memory in the graph for forgetting (DESIGN §4).
// params: ids, stale_before, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
      -[r:RELATED_TO {tenant: $tenant}]-(:Memory {tenant: $tenant})
WHERE r.created_by = 'auto' AND coalesce(r.last_validated_at, r.created_at, 0) < $stale_before
RETURN m.id AS id, count(r) AS stale
