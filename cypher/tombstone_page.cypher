// One page of the tenant's tombstones in id order, resuming after the last id already seen
// ('' for the first page).
// params: after, limit
MATCH (t:Tombstone)
WHERE t.id > $after
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
ORDER BY id
LIMIT $limit
