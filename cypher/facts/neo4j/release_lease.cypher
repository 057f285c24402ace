// Give the tenant's lease back if $owner holds it.
// params: name, owner, tenant
MATCH (l:Lease {tenant: $tenant, name: $name})
WHERE l.owner = $owner
SET l.until = 0
RETURN count(l) AS n
