// The tenant's memories whose entity list names any of the (lower-cased) names, newest first,
// without the names more than $max_mentions of its memories name (hubs): each name's memories
// are read once, and no further than one past the cap.
// params: names, limit, tenant, max_mentions, over
UNWIND $names AS name
CALL {
  WITH name
  MATCH (m:Memory {tenant: $tenant})
  WHERE m.created_at IS NOT NULL AND any(e IN m.entities WHERE toLower(e) = name)
  RETURN m
  LIMIT $over
}
WITH name, collect(m) AS named
WHERE size(named) <= $max_mentions
UNWIND named AS hit
WITH DISTINCT hit
RETURN hit.id AS id
ORDER BY hit.created_at DESC, hit.id
LIMIT $limit
