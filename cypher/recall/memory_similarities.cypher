// Cosine similarity of each memory's stored embedding to $vector, computed by the engine:
// shipping 384 floats per memory to Python to compare them there cost more than any other read
// of a recall.
// params: ids, vector
WITH vecf32($vector) AS q
UNWIND $ids AS id
MATCH (v:MemoryVector {id: id})
WHERE v.embedding IS NOT NULL
RETURN v.id AS id, 1.0 - vec.cosineDistance(v.embedding, q) AS similarity
