// One breadth-first hop within the tenant: the memories adjacent to the frontier over the given
// edge types, following edges out of, into, or either way from the frontier.
// params: frontier, types, direction, tenant
UNWIND $frontier AS id
MATCH (a:Memory {tenant: $tenant, id: id})-[r {tenant: $tenant}]-(b:Memory {tenant: $tenant})
WHERE type(r) IN $types
  AND ($direction = 'both'
       OR ($direction = 'out' AND startNode(r) = a)
       OR ($direction = 'in' AND endNode(r) = a))
RETURN DISTINCT b.id AS id
