// Take (or renew) the tenant's named lease when it is free, expired or already ours. A row back
// means $owner holds it until $until. Neo4j reads committed data without locking, so the first
// SET takes the lease's write lock before its owner is read: a second runner waits, then reads
// the first one's claim. The (tenant, name) constraint makes the MERGE itself race-free.
// params: name, owner, now, until, tenant
MERGE (l:Lease {tenant: $tenant, name: $name})
SET l.claimed_at = $now
WITH l
WHERE l.owner IS NULL OR l.owner = $owner OR l.until <= $now
SET l.owner = $owner, l.until = $until
RETURN l.owner AS owner
