// Take (or renew) a named lease when it is free, expired or already ours. A row back means
// the lease is held by $owner until $until.
// params: name, owner, now, until
MERGE (l:Lease {name: $name})
WITH l
WHERE l.owner IS NULL OR l.owner = $owner OR l.until <= $now
SET l.owner = $owner, l.until = $until
RETURN l.owner AS owner
