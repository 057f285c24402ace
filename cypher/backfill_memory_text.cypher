// Memories stored while the full-text index was on :Memory get their :MemoryText node, once,
// when the index moves there.
// params:
MATCH (m:Memory)
MERGE (t:MemoryText {id: m.id})
ON CREATE SET t.content = m.content
RETURN count(t) AS n
