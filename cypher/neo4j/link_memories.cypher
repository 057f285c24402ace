// Create (or refresh) typed edges between memories of the tenant; the edge carries the tenant
// too. The relationship type cannot be a Cypher parameter, so it is a template slot filled
// only from schema.EdgeType.
// params: edges, tenant
// templates: edge_type
UNWIND $edges AS e
MATCH (a:Memory {tenant: $tenant, id: e.source}), (b:Memory {tenant: $tenant, id: e.target})
MERGE (a)-[r:{{edge_type}} {tenant: $tenant}]->(b)
ON CREATE SET r.created_at = e.created_at, r.created_by = e.created_by
SET r.weight = e.weight, r.reason = e.reason, r.last_validated_at = e.last_validated_at
RETURN e.source AS source, e.target AS target
