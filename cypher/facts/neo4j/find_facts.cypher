// The tenant's facts matching the optional filters, with the effective-at predicate at $at and
// the overlap predicate over [$start, $end) applied when given. Order and cursor as in the
// shared find_facts; `f.id IS NOT NULL` lets the read seek the (tenant, id) index. A query with
// a subject runs find_subject_facts instead, which seeks the (tenant, subject_key) index.
// params: subject, predicate, states, at, start, end, sign, after_started, after_recorded, after_id, limit, tenant
MATCH (f:Fact {tenant: $tenant})
WHERE f.id IS NOT NULL AND ($subject IS NULL OR f.subject_key = $subject)
WITH f
WHERE ($predicate IS NULL OR f.predicate_key = $predicate)
  AND ($states IS NULL OR f.state IN $states)
  AND ($at IS NULL OR ((f.invalid_at IS NULL OR f.invalid_at > $at)
       AND (f.valid_from IS NULL OR f.valid_from <= $at)
       AND (f.valid_to IS NULL OR f.valid_to > $at)))
  AND ($start IS NULL OR ((f.invalid_at IS NULL OR f.invalid_at > $start)
       AND (f.valid_to IS NULL OR f.valid_to > $start)))
  AND ($end IS NULL OR f.valid_from IS NULL OR f.valid_from < $end)
WITH f, $sign * coalesce(f.valid_from, f.recorded_at) AS started, $sign * f.recorded_at AS recorded
WHERE $after_id IS NULL
   OR started > $after_started
   OR (started = $after_started
       AND (recorded > $after_recorded OR (recorded = $after_recorded AND f.id > $after_id)))
RETURN properties(f) AS props, started, recorded, f.id AS fid
ORDER BY started, recorded, fid
LIMIT $limit
