// A recalled memory's machine-made links are still in use: mark them validated now.
// params: ids, now
UNWIND $ids AS id
MATCH (m:Memory {id: id})-[r:RELATED_TO]-(:Memory)
WHERE r.created_by = 'auto'
SET r.last_validated_at = $now
RETURN count(r) AS validated
