// Record the answer of an idempotency key's request and mark it done; a row back means the
// record (with this request hash) was there.
// params: key, hash, answer
MATCH (k:IdempotencyKey {key: $key})
WHERE k.request_hash = $hash
SET k.state = 'done', k.answer = $answer
RETURN k.key AS key
