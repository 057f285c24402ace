// A traversal page's edges: those of the given types touching a memory of the page whose other
// end is among the memories reached up to the page's end (`ids`, the page's own included),
// either direction. An edge with both ends in the page comes once from each; the caller keeps
// one. The list is bound once with WITH (see induced_edges).
// params: page, ids, types
WITH $ids AS ids
UNWIND $page AS id
MATCH (a:Memory {id: id})-[r]-(b:Memory)
WHERE type(r) IN $types AND b.id IN ids
RETURN startNode(r).id AS source, endNode(r).id AS target, type(r) AS type,
       r.weight AS weight, r.reason AS reason, r.created_by AS created_by,
       r.created_at AS created_at, r.last_validated_at AS last_validated_at
