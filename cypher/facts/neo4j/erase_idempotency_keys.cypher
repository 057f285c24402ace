// Erasure (docs/adr/0018): delete the tenant's idempotency records whose plan or recorded
// answer names any of the ids (an answer holds the content it stored); how many went. The
// `key IS NOT NULL` finds the tenant's records through the (tenant, key) constraint's index.
// params: ids, tenant
MATCH (k:IdempotencyKey {tenant: $tenant})
WHERE k.key IS NOT NULL
  AND any(x IN $ids WHERE k.plan CONTAINS x OR coalesce(k.answer, '') CONTAINS x)
WITH collect(k) AS gone
FOREACH (x IN gone | DELETE x)
RETURN size(gone) AS n
