// Create facts in the tenant: each carries the tenant (and its full-text term, ADR 0007) and
// links to its subject entity and to its conflict key's :FactSlot, which commit_facts has
// already locked. Facts are deleted only by an erasure (erase_facts).
// params: rows, tenant, tenant_term
UNWIND $rows AS row
MATCH (s:Entity {tenant: $tenant, id: row.props.subject_entity})
MERGE (k:FactSlot {tenant: $tenant, key: row.props.conflict_key})
CREATE (f:Fact {tenant: $tenant})
SET f = row.props, f.tenant = $tenant, f.tenant_term = $tenant_term
CREATE (f)-[:SUBJECT {tenant: $tenant}]->(s)
CREATE (f)-[:IN_SLOT {tenant: $tenant}]->(k)
RETURN count(f) AS n
