// Remove typed edges of the tenant; returns the keys that existed.
// params: edges, tenant
UNWIND $edges AS e
MATCH (a:Memory {tenant: $tenant, id: e.source})
      -[r {tenant: $tenant}]->(b:Memory {tenant: $tenant, id: e.target})
WHERE type(r) = e.type
DELETE r
RETURN e.source AS source, e.target AS target, e.type AS type
