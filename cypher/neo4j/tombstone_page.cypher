// One page of the tenant's tombstones in id order, resuming after the last id already seen,
// found through the (tenant, id) constraint's index: the id range makes it a seek.
// params: tenant, after, limit
MATCH (t:Tombstone {tenant: $tenant})
WHERE t.id > coalesce($after, '')
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
ORDER BY id
LIMIT $limit
