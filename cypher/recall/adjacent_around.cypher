// Two hops of a walk in one read: the memories adjacent over one edge type (either direction)
// to each given memory, then to each memory adjacent to one of them. A session walk of two hops
// (recall's window and neighbour legs) took two `adjacent_by_type` round trips; the second's
// frontier is the first's answer, so one query can list both. Same typed-pattern slot as
// adjacent_by_type. The second hop is its own MATCH: within one pattern Cypher walks a
// relationship once, so `(s)--(a)--(b)` would leave `s` out of `a`'s neighbours. A memory in
// both parts comes twice with the same neighbours.
// params: ids
// templates: edge_type
UNWIND $ids AS id
MATCH (a:Memory {id: id})-[:{{edge_type}}]-(b:Memory)
RETURN a.id AS id, collect(DISTINCT b.id) AS neighbours
UNION ALL
UNWIND $ids AS id
MATCH (s:Memory {id: id})-[:{{edge_type}}]-(a:Memory)
MATCH (a)-[:{{edge_type}}]-(b:Memory)
RETURN a.id AS id, collect(DISTINCT b.id) AS neighbours
