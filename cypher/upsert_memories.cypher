// Insert or replace memories by id: the stored properties become exactly `props`, and the
// embedding is kept as a 32-bit float vector so the vector index covers it.
// params: rows
UNWIND $rows AS row
MERGE (m:Memory {id: row.props.id})
SET m = row.props
SET m.embedding = CASE WHEN row.embedding IS NULL THEN null ELSE vecf32(row.embedding) END
RETURN m.id AS id
