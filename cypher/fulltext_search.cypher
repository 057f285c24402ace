// Best full-text matches; the procedure does not sort by score, so ORDER BY does.
// params: query, k
CALL db.idx.fulltext.queryNodes('MemoryText', $query) YIELD node, score
RETURN node.id AS id, score
ORDER BY score DESC, id
LIMIT $k
