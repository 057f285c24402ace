// Facts matching the optional filters, with the effective-at predicate at $at and the
// overlap predicate over [$start, $end) applied when given, a page at a time. The order is
// schema.facts.FactPosition's: $sign = -1 gives newest first, 1 oldest first (both sort keys
// are integers, so one query serves both directions, id ascending either way); the page
// resumes after the position ($after_started, $after_recorded, $after_id), keys already
// multiplied by $sign.
// params: subject, predicate, states, at, start, end, sign, after_started, after_recorded, after_id, limit
MATCH (f:Fact)
WHERE ($subject IS NULL OR f.subject_key = $subject)
  AND ($predicate IS NULL OR f.predicate_key = $predicate)
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
