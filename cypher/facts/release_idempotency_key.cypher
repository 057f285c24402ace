// Delete a pending idempotency record of this request hash (its request wrote nothing).
// params: key, hash
MATCH (k:IdempotencyKey {key: $key})
WHERE k.request_hash = $hash AND k.state = 'pending'
DELETE k
RETURN count(*) AS n
