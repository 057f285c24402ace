// Insert or replace memories by id: the stored properties become exactly `props`, the
// embedding goes to the memory's :MemoryVector node as a 32-bit float vector, and a copy of the
// content to its :MemoryText node, which the full-text index reads.
// params: rows
UNWIND $rows AS row
MERGE (m:Memory {id: row.props.id})
SET m = row.props
MERGE (v:MemoryVector {id: row.props.id})
SET v.embedding = CASE WHEN row.embedding IS NULL THEN null ELSE vecf32(row.embedding) END
MERGE (t:MemoryText {id: row.props.id})
SET t.content = row.props.content
RETURN m.id AS id
