// The memories whose mentioned window [mentioned_start, mentioned_end) (what their own words
// date them to) overlaps [$start, $end), newest first: a range read of the index on
// mentioned_start, since an overlapping window starts after $floor ($start less the widest span
// a memory's words may date it by, `MAX_MENTIONED_SPAN`). The label check: memory_facets.cypher.
// params: floor, start, end, limit
MATCH (m:Memory)
WHERE m.mentioned_start >= $floor AND m.mentioned_start < $end AND m.mentioned_end > $start
  AND 'Memory' IN labels(m)
WITH m ORDER BY m.created_at DESC, m.id DESC LIMIT $limit
RETURN m.id AS id, m.created_at AS created_at, m.category AS category,
       m.category_weights AS category_weights, m.status AS status, m.pinned AS pinned,
       m.last_accessed_at AS last_accessed_at, m.event_time AS event_time,
       m.superseded_by AS superseded_by, m.mentioned_start AS mentioned_start,
       m.mentioned_end AS mentioned_end, m.source_session AS source_session
ORDER BY created_at DESC, id DESC
