// Facts matching the optional filters, with the effective-at predicate at $at and the
// overlap predicate over [$start, $end) applied when given. Newest first.
// params: subject, predicate, states, at, start, end, limit
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
RETURN properties(f) AS props
ORDER BY f.valid_from DESC, f.recorded_at DESC, f.id
LIMIT $limit
