// Fact instants stored outside [$low, $high] (epoch µs, written before inputs were checked,
// e.g. a retraction past year 9999) set to the nearer bound, unless $dry_run; one row per
// property with how many were (or would be) set. The properties are those
// `graph_backends._common.fact_records` stores as instants.
// params: low, high, dry_run
MATCH (f:Fact)
// `id IS NOT NULL`: Neo4j finds the tenant's facts through its (tenant, id) index.
WHERE f.id IS NOT NULL
WITH f, [p IN [
    ['valid_from', f.valid_from],
    ['valid_to', f.valid_to],
    ['recorded_at', f.recorded_at],
    ['invalid_at', f.invalid_at],
    ['event_time', f.event_time]
  ] WHERE p[1] < $low OR p[1] > $high | p[0]] AS out
WHERE size(out) > 0
SET f.valid_from = CASE WHEN $dry_run THEN f.valid_from WHEN f.valid_from < $low THEN $low WHEN f.valid_from > $high THEN $high ELSE f.valid_from END,
    f.valid_to = CASE WHEN $dry_run THEN f.valid_to WHEN f.valid_to < $low THEN $low WHEN f.valid_to > $high THEN $high ELSE f.valid_to END,
    f.recorded_at = CASE WHEN $dry_run THEN f.recorded_at WHEN f.recorded_at < $low THEN $low WHEN f.recorded_at > $high THEN $high ELSE f.recorded_at END,
    f.invalid_at = CASE WHEN $dry_run THEN f.invalid_at WHEN f.invalid_at < $low THEN $low WHEN f.invalid_at > $high THEN $high ELSE f.invalid_at END,
    f.event_time = CASE WHEN $dry_run THEN f.event_time WHEN f.event_time < $low THEN $low WHEN f.event_time > $high THEN $high ELSE f.event_time END
WITH out
UNWIND out AS property
RETURN property, count(*) AS n
