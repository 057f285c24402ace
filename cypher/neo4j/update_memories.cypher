// Update stored properties of the tenant's memories in place; a null value removes the
// property. Content, embedding and the tenant properties are not touched. Returns updated ids.
// params: rows, tenant
UNWIND $rows AS row
MATCH (m:Memory {tenant: $tenant, id: row.id})
SET m += row.props
RETURN m.id AS id
