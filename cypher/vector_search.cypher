// Nearest memories by embedding. FalkorDB yields cosine *distance* (identical = 0.0).
// params: k, vector
CALL db.idx.vector.queryNodes('MemoryVector', 'embedding', $k, vecf32($vector)) YIELD node, score
RETURN node.id AS id, score AS distance
ORDER BY distance ASC, id
