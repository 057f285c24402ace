// Claim an idempotency key: store a pending record unless one is held that has not expired at
// $now (an expired one is replaced). `claimed` is true when this call stored it; the other
// columns are the record as held. The first SET takes the record's write lock before anything
// is read (Neo4j reads committed data without locking), so a second claimer waits and then
// reads the first one's record; on FalkorDB writes to a graph run one at a time.
// params: key, hash, plan, now, expires
MERGE (k:IdempotencyKey {key: $key})
SET k.touched_at = $now
WITH k, coalesce(k.expires_at, 0) <= $now AS free
SET k.request_hash = CASE WHEN free THEN $hash ELSE k.request_hash END,
    k.state = CASE WHEN free THEN 'pending' ELSE k.state END,
    k.plan = CASE WHEN free THEN $plan ELSE k.plan END,
    k.answer = CASE WHEN free THEN null ELSE k.answer END,
    k.claimed_at = CASE WHEN free THEN $now ELSE k.claimed_at END,
    k.expires_at = CASE WHEN free THEN $expires ELSE k.expires_at END
RETURN free AS claimed, k.request_hash AS request_hash, k.state AS state, k.plan AS plan,
       k.answer AS answer, k.claimed_at AS claimed_at, k.expires_at AS expires_at
