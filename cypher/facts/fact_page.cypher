// A page of the tenant's facts in every state by id, ascending, past the keyset cursor $after.
// params: after, limit
MATCH (f:Fact)
WHERE f.id > $after
RETURN properties(f) AS props
ORDER BY f.id
LIMIT $limit
