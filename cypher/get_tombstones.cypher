// Tombstones by id.
// params: ids
UNWIND $ids AS id
MATCH (t:Tombstone {id: id})
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
