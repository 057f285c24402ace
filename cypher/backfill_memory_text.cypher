// Memories stored while the full-text index was on :Memory get their :MemoryText node, once,
// when the index moves there.
// params:
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
MERGE (t:MemoryText {id: m.id})
ON CREATE SET t.content = m.content
RETURN count(t) AS n
