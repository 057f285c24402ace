// A page of the tenant's tombstones by id, ascending, past the keyset cursor $after.
// params: after, limit
MATCH (t:Tombstone)
WHERE t.id > $after
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
ORDER BY t.id
LIMIT $limit
