// A recalled memory's machine-made links are still in use: mark them validated now.
// params: ids, now, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
      -[r:RELATED_TO {tenant: $tenant}]-(:Memory {tenant: $tenant})
WHERE r.created_by = 'auto'
SET r.last_validated_at = $now
RETURN count(r) AS validated
