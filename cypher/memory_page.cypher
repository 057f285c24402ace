// A page of the tenant's memories by id, ascending, past the keyset cursor $after ('' for the
// first page): an export reads a tenant of any size this way in bounded memory.
// params: after, limit
MATCH (m:Memory)
WHERE m.id > $after
RETURN m {.*} AS memory
ORDER BY m.id
LIMIT $limit
