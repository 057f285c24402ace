// Update stored properties of existing memories in place; a null value removes the property.
// Content and embedding are not touched (an amendment is a new memory). Returns updated ids.
// params: rows
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m += row.props
RETURN m.id AS id
