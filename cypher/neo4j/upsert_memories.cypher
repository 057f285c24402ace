// Insert or replace memories by id within the tenant: the stored properties become exactly
// `props` plus the tenant's own two, and the embedding goes to the memory's :MemoryVector.
// params: rows, tenant, tenant_term
UNWIND $rows AS row
MERGE (m:Memory {tenant: $tenant, id: row.props.id})
SET m = row.props, m.tenant = $tenant, m.tenant_term = $tenant_term
MERGE (v:MemoryVector {tenant: $tenant, id: row.props.id})
SET v.embedding = row.embedding
RETURN m.id AS id
