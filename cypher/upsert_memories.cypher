// Insert or replace memories by id: the stored properties become exactly `props`, the
// embedding goes to the memory's :MemoryVector node as a 32-bit float vector, and a copy of the
// content to its :MemoryText node, which the full-text index reads. FalkorDB 4.x ignores an
// assignment of a vector to a property that holds one (it takes the two for equal), so a
// replaced embedding is cleared first.
// params: rows
UNWIND $rows AS row
MERGE (m:Memory {id: row.props.id})
SET m = row.props
MERGE (v:MemoryVector {id: row.props.id})
SET v.embedding = null
WITH row, m, v
SET v.embedding = CASE WHEN row.embedding IS NULL THEN null ELSE vecf32(row.embedding) END
MERGE (t:MemoryText {id: row.props.id})
SET t.content = row.props.content
RETURN m.id AS id
