// tombstone_page.cypher within a window of ids, $after < id <= $upto (read without scanning
// and sorting every tombstone past the cursor: graph_backends/_common/id_windows.py).
// FalkorDB 4.16's string range index bounds a scan from above only roughly (ids past $upto
// come back; none is missed): the `toString` copy of the bound is a filter it cannot push
// into the index, which keeps the window exact (docs/measured-facts.md).
// params: after, upto, limit
MATCH (t:Tombstone)
WHERE t.id > $after AND t.id <= $upto AND toString(t.id) <= $upto
RETURN t.id AS id, t.superseded_by AS superseded_by, t.content_hash AS content_hash,
       t.deleted_at AS deleted_at
ORDER BY id
LIMIT $limit
