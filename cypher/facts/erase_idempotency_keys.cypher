// Erasure (docs/adr/0018): delete the idempotency records whose plan or recorded answer names
// any of the ids (an answer holds the content it stored); how many went.
// params: ids
MATCH (k:IdempotencyKey)
WHERE any(x IN $ids WHERE k.plan CONTAINS x OR coalesce(k.answer, '') CONTAINS x)
WITH collect(k) AS gone
FOREACH (x IN gone | DELETE x)
RETURN size(gone) AS n
