// Nearest facts by embedding that are effective at $at, with the memory asserting each.
// params: k, vector, at
CALL db.idx.vector.queryNodes('FactVector', 'embedding', $k, vecf32($vector)) YIELD node, score
MATCH (f:Fact {id: node.id})
WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
  AND (f.valid_from IS NULL OR f.valid_from <= $at)
  AND (f.valid_to IS NULL OR f.valid_to > $at)
RETURN f.id AS id, f.source AS source, score AS distance
ORDER BY distance ASC, id
