// Delete up to $limit idempotency records expired at $now; how many.
// params: now, limit
MATCH (k:IdempotencyKey)
WHERE k.expires_at <= $now
WITH k
LIMIT $limit
DELETE k
RETURN count(*) AS n
