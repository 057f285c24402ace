// How many machine-made RELATED_TO edges of the tenant point into each memory.
// params: ids, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
RETURN m.id AS id,
       COUNT {
         (m)<-[r:RELATED_TO {tenant: $tenant}]-(:Memory {tenant: $tenant})
         WHERE r.created_by = 'auto'
       } AS inbound
