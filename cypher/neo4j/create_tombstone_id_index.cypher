// Tombstones are unique per (tenant, id).
// params:
CREATE CONSTRAINT retentia_tombstone_key IF NOT EXISTS
FOR (t:Tombstone) REQUIRE (t.tenant, t.id) IS UNIQUE
