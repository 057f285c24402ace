// Memories stored while the full-text index was on :Memory get their content copied to their
// :MemoryVector node, once, when the index moves there.
// params:
MATCH (v:MemoryVector)
WHERE v.content IS NULL
MATCH (m:Memory {id: v.id})
SET v.content = m.content
RETURN count(v) AS n
