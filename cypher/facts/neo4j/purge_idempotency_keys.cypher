// Delete up to $limit of the tenant's idempotency records expired at $now; how many. The
// `key IS NOT NULL` lets the planner find the tenant's records through the (tenant, key)
// constraint's index instead of scanning the label.
// params: now, limit, tenant
MATCH (k:IdempotencyKey {tenant: $tenant})
WHERE k.key IS NOT NULL AND k.expires_at <= $now
WITH k
LIMIT $limit
DELETE k
RETURN count(*) AS n
