// The tenant's facts whose subject or object is the entity, with the same temporal filters as
// find_facts.
// params: entity, subject, predicate, states, at, start, end, limit, tenant
MATCH (:Entity {tenant: $tenant, id: $entity})
      <-[:SUBJECT|OBJECT {tenant: $tenant}]-(f:Fact {tenant: $tenant})
WHERE ($subject IS NULL OR f.subject_key = $subject)
  AND ($predicate IS NULL OR f.predicate_key = $predicate)
  AND ($states IS NULL OR f.state IN $states)
  AND ($at IS NULL OR ((f.invalid_at IS NULL OR f.invalid_at > $at)
       AND (f.valid_from IS NULL OR f.valid_from <= $at)
       AND (f.valid_to IS NULL OR f.valid_to > $at)))
  AND ($start IS NULL OR ((f.invalid_at IS NULL OR f.invalid_at > $start)
       AND (f.valid_to IS NULL OR f.valid_to > $start)))
  AND ($end IS NULL OR f.valid_from IS NULL OR f.valid_from < $end)
RETURN DISTINCT properties(f) AS props, f.valid_from AS vf, f.recorded_at AS ra, f.id AS fid
ORDER BY vf DESC, ra DESC, fid
LIMIT $limit
