// The facts nearest by embedding, each with whether it is effective at $at and the memory
// asserting it. Every candidate the index returned is a row: the caller keeps those in force
// and asks for more when fewer than it needs are (`graph_backends/_common/widening.py`).
// params: k, vector, at
CALL db.idx.vector.queryNodes('FactVector', 'embedding', $k, vecf32($vector)) YIELD node, score
OPTIONAL MATCH (f:Fact {id: node.id})
WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
  AND (f.valid_from IS NULL OR f.valid_from <= $at)
  AND (f.valid_to IS NULL OR f.valid_to > $at)
RETURN node.id AS id, f.source AS source, score AS distance, f IS NOT NULL AS in_force
ORDER BY distance ASC, id
