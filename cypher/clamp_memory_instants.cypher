// Memory instants stored outside [$low, $high] (epoch µs, written before inputs were checked)
// set to the nearer bound, unless $dry_run; one row per property with how many were (or would
// be) set. The properties are those `graph_backends._common.records` stores as instants.
// params: low, high, dry_run
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
// `id IS NOT NULL`: Neo4j finds the tenant's nodes through its (tenant, id) index.
WHERE 'Memory' IN labels(m) AND m.id IS NOT NULL
WITH m, [p IN [
    ['created_at', m.created_at],
    ['received_at', m.received_at],
    ['last_accessed_at', m.last_accessed_at],
    ['last_reactivated_at', m.last_reactivated_at],
    ['event_time', m.event_time],
    ['last_evaluated_at', m.last_evaluated_at]
  ] WHERE p[1] < $low OR p[1] > $high | p[0]] AS out
WHERE size(out) > 0
SET m.created_at = CASE WHEN $dry_run THEN m.created_at WHEN m.created_at < $low THEN $low WHEN m.created_at > $high THEN $high ELSE m.created_at END,
    m.received_at = CASE WHEN $dry_run THEN m.received_at WHEN m.received_at < $low THEN $low WHEN m.received_at > $high THEN $high ELSE m.received_at END,
    m.last_accessed_at = CASE WHEN $dry_run THEN m.last_accessed_at WHEN m.last_accessed_at < $low THEN $low WHEN m.last_accessed_at > $high THEN $high ELSE m.last_accessed_at END,
    m.last_reactivated_at = CASE WHEN $dry_run THEN m.last_reactivated_at WHEN m.last_reactivated_at < $low THEN $low WHEN m.last_reactivated_at > $high THEN $high ELSE m.last_reactivated_at END,
    m.event_time = CASE WHEN $dry_run THEN m.event_time WHEN m.event_time < $low THEN $low WHEN m.event_time > $high THEN $high ELSE m.event_time END,
    m.last_evaluated_at = CASE WHEN $dry_run THEN m.last_evaluated_at WHEN m.last_evaluated_at < $low THEN $low WHEN m.last_evaluated_at > $high THEN $high ELSE m.last_evaluated_at END
WITH out
UNWIND out AS property
RETURN property, count(*) AS n
