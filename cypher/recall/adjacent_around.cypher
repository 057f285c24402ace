// Two hops of a walk in one read: the memories adjacent over one edge type (either direction)
// to each given memory and to each memory adjacent to one of them. A session walk of two hops
// (recall's window and neighbour legs) took two `adjacent_by_type` round trips; the second's
// frontier is the first's answer, so one query can list both. Same typed-pattern slot as
// adjacent_by_type.
// params: ids
// templates: edge_type
UNWIND $ids AS id
MATCH (s:Memory {id: id})
OPTIONAL MATCH (s)-[:{{edge_type}}]-(n:Memory)
WITH collect(DISTINCT s) + collect(DISTINCT n) AS around
UNWIND around AS a
WITH DISTINCT a
MATCH (a)-[:{{edge_type}}]-(b:Memory)
RETURN a.id AS id, collect(DISTINCT b.id) AS neighbours
