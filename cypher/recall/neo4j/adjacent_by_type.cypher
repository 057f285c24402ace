// The tenant's memories adjacent to each given memory over one edge type, either direction.
// The type cannot be a Cypher parameter, so it is a template slot filled only from
// schema.EdgeType.
// params: ids, tenant
// templates: edge_type
UNWIND $ids AS id
MATCH (a:Memory {tenant: $tenant, id: id})-[r:{{edge_type}} {tenant: $tenant}]-(b:Memory {tenant: $tenant})
RETURN id, collect(DISTINCT b.id) AS neighbours
