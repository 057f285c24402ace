// A page of the tenant's entities by id, ascending, past the keyset cursor $after.
// params: after, limit
MATCH (e:Entity)
WHERE e.id > $after
RETURN e.id AS id, e.name AS name, e.key AS key
ORDER BY e.id
LIMIT $limit
