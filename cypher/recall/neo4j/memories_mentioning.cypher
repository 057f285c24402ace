// The tenant's memories whose entity list names any of the (lower-cased) names, newest first:
// read through the (tenant, created_at) index, newest first.
// params: names, limit, tenant
MATCH (m:Memory {tenant: $tenant})
WHERE m.created_at IS NOT NULL AND any(e IN m.entities WHERE toLower(e) IN $names)
RETURN m.id AS id
ORDER BY m.created_at DESC, m.id
LIMIT $limit
