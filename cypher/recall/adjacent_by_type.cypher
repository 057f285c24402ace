// The memories adjacent to each given memory over one edge type, either direction (a session
// walk's TEMPORAL_SEQUENCE). The typed pattern walks only that type's relation: filtering every
// edge by `type(r)` (adjacent_memories) costs as much again — 0.59 against 0.26 ms for 50
// memories. The type cannot be a Cypher parameter, so it is a template slot filled only from
// schema.EdgeType.
// params: ids
// templates: edge_type
UNWIND $ids AS id
MATCH (a:Memory {id: id})-[:{{edge_type}}]-(b:Memory)
RETURN id, collect(DISTINCT b.id) AS neighbours
