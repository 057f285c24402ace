// Record the answer of an idempotency key's request and mark it done, unless an answer is
// recorded already (the first answer wins: a request finished twice, by its writer and by a
// retry that finished its plan, hands both callers the same bytes). The row back is the answer
// recorded; none when there is no record with this request hash. Setting `_lock` takes the
// record's write lock before its state is read (Neo4j reads committed data without locking,
// and a SET of a property to its own value takes no lock), so a second completer waits and
// then reads the first one's answer; the lock is held to the commit, the property is gone.
// On FalkorDB writes to a graph run one at a time.
// params: key, hash, answer
MATCH (k:IdempotencyKey {key: $key})
SET k._lock = true
REMOVE k._lock
WITH k
WHERE k.request_hash = $hash
SET k.answer = CASE WHEN k.state = 'done' AND k.answer IS NOT NULL THEN k.answer ELSE $answer END,
    k.state = 'done'
RETURN k.answer AS answer
