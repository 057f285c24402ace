// Per memory, its machine-made RELATED_TO edges not validated since the cut-off: they no longer
// hold a memory in the graph for forgetting (docs/design.md §4.5).
// params: ids, stale_before
UNWIND $ids AS id
MATCH (m:Memory {id: id})-[r:RELATED_TO]-(:Memory)
WHERE r.created_by = 'auto' AND coalesce(r.last_validated_at, r.created_at, 0) < $stale_before
RETURN m.id AS id, count(r) AS stale
