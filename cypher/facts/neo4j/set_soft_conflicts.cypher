// Record which active facts of the tenant each fact stands beside ambiguously.
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.id})
SET f.soft_conflict_with = row.ids
RETURN count(f) AS n
