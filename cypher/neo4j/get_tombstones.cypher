// The tenant's tombstones by id.
// params: ids, tenant
UNWIND $ids AS id
MATCH (t:Tombstone {tenant: $tenant, id: id})
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
