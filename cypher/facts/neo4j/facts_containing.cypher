// Erasure (docs/adr/0018): every fact of the tenant, in any state, whose normalised subject or
// object holds $key — read through the (tenant, id) constraint's index by its tenant prefix
// (`id IS NOT NULL`), not by scanning the label; the caller keeps those naming the subject as
// whole words.
// params: key, tenant
MATCH (f:Fact {tenant: $tenant})
WHERE f.id IS NOT NULL AND (f.subject_key CONTAINS $key OR f.object_key CONTAINS $key)
RETURN properties(f) AS props
