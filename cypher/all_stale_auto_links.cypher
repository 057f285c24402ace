// Graph-wide version of stale_auto_links, for maintenance passes.
// params: stale_before
MATCH (m:Memory)-[r:RELATED_TO]-(:Memory)
WHERE r.created_by = 'auto' AND coalesce(r.last_validated_at, r.created_at, 0) < $stale_before
RETURN m.id AS id, count(r) AS stale
