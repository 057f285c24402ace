// A lease is unique per (tenant, name): concurrent runners MERGE the same node.
// params:
CREATE CONSTRAINT retentia_lease_key IF NOT EXISTS
FOR (l:Lease) REQUIRE (l.tenant, l.name) IS UNIQUE
