// tombstone_page.cypher within a window of ids, $after < id <= $upto (read without scanning
// and sorting every tombstone past the cursor: graph_backends/_common/id_windows.py).
// params: after, upto, limit
MATCH (t:Tombstone)
WHERE t.id > $after AND t.id <= $upto
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
ORDER BY id
LIMIT $limit
