// An idempotency record is unique per (tenant, key): concurrent claimers MERGE the same node.
// params:
CREATE CONSTRAINT retentia_idempotency_key IF NOT EXISTS
FOR (k:IdempotencyKey) REQUIRE (k.tenant, k.key) IS UNIQUE
