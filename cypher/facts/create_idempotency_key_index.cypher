// Range index on IdempotencyKey.key (fact layer).
// params:
CREATE INDEX FOR (n:IdempotencyKey) ON (n.key)
