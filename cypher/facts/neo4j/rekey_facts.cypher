// Move facts to another conflict key, inside a fact write: a predicate registered as
// functional turns its stored triples into one single-valued slot per subject. The fact
// leaves its old :FactSlot for the new one (commit_facts has locked both).
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.id})
OPTIONAL MATCH (f)-[old:IN_SLOT {tenant: $tenant}]->(:FactSlot {tenant: $tenant})
DELETE old
WITH DISTINCT f, row
MERGE (k:FactSlot {tenant: $tenant, key: row.key})
CREATE (f)-[:IN_SLOT {tenant: $tenant}]->(k)
SET f.conflict_key = row.key, f.single_valued = true
RETURN count(f) AS n
