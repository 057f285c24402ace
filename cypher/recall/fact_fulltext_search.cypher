// Best full-text matches among facts effective at $at, with the memory asserting each.
// params: query, k, at
CALL db.idx.fulltext.queryNodes('Fact', $query) YIELD node, score
WHERE (node.invalid_at IS NULL OR node.invalid_at > $at)
  AND (node.valid_from IS NULL OR node.valid_from <= $at)
  AND (node.valid_to IS NULL OR node.valid_to > $at)
RETURN node.id AS id, node.source AS source, score
ORDER BY score DESC, id
LIMIT $k
