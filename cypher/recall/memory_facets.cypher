// What recall admits and ranks its candidates by (`MemoryFacets`): ~50 candidates are ranked
// and ~10 read whole, so the rest are not read with their content and presentation times.
// The label check: after a load, FalkorDB 4.16 can answer an id lookup with a second node of
// another label (clear_label_phantoms.cypher mends that; this keeps the read right meanwhile).
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE 'Memory' IN labels(m)
RETURN m.id AS id, m.created_at AS created_at, m.category AS category,
       m.category_weights AS category_weights, m.status AS status, m.pinned AS pinned,
       m.last_accessed_at AS last_accessed_at, m.event_time AS event_time,
       m.superseded_by AS superseded_by, m.mentioned_start AS mentioned_start,
       m.mentioned_end AS mentioned_end
