// How many machine-made RELATED_TO edges point into each memory.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (m)<-[r:RELATED_TO]-(:Memory)
WHERE r.created_by = 'auto'
RETURN m.id AS id, count(r) AS inbound
