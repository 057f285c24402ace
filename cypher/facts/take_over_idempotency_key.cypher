// Re-claim a pending idempotency record whose claim is still the one made at $claimed_at; a
// row back means this call took it over (as claimed at $now).
// params: key, claimed_at, now
MATCH (k:IdempotencyKey {key: $key})
SET k.touched_at = $now
WITH k
WHERE k.state = 'pending' AND k.claimed_at = $claimed_at
SET k.claimed_at = $now
RETURN k.key AS key
