// One reactivation batch's writes in one query, so FalkorDB takes its write lock and commits
// once instead of three times: the direct recalls' properties (`rows`, as update_memories),
// the cascade's counts and stamp (`reached`, as record_cascade), the hits' machine-made links
// validated (`ids`, as validate_auto_links), and the revivals (`revive`: those in status
// `from` move to `to`). Returns how many links were validated and the ids that changed status.
// params: rows, reached, ids, revive, now, from, to
CALL {
  UNWIND $rows AS row
  MATCH (m:Memory {id: row.id})
  SET m += row.props
}
CALL {
  UNWIND $reached AS r
  MATCH (m:Memory {id: r.id})
  SET m.cascade_count = coalesce(m.cascade_count, 0) + r.n, m.last_reactivated_at = $now
}
CALL {
  UNWIND $ids AS id
  MATCH (:Memory {id: id})-[r:RELATED_TO]-(:Memory)
  WHERE r.created_by = 'auto'
  SET r.last_validated_at = $now
  RETURN count(r) AS validated
}
CALL {
  UNWIND $revive AS id
  MATCH (m:Memory {id: id})
  WHERE m.status = $from
  SET m.status = $to
  RETURN collect(m.id) AS revived
}
RETURN validated, revived
