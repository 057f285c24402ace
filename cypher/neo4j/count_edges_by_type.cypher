// Number of the tenant's memory–memory edges of each type.
// params: tenant
MATCH (a:Memory {tenant: $tenant})-[r {tenant: $tenant}]->(:Memory {tenant: $tenant})
WHERE a.id IS NOT NULL
RETURN type(r) AS type, count(r) AS n
