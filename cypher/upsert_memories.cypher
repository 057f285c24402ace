// Insert or replace memories by id: the stored properties become exactly `props`, and the
// embedding goes to the memory's :MemoryVector node as a 32-bit float vector, with a copy of
// the content for the full-text index there.
// params: rows
UNWIND $rows AS row
MERGE (m:Memory {id: row.props.id})
SET m = row.props
MERGE (v:MemoryVector {id: row.props.id})
SET v.embedding = CASE WHEN row.embedding IS NULL THEN null ELSE vecf32(row.embedding) END,
    v.content = row.props.content
RETURN m.id AS id
