// One reactivation batch's writes, as write_reactivations.cypher, with the direct recalls
// applied here to each memory as stored (`presented`: its recall times in order, as epoch µs,
// and its new last_reactivated_at): the times appended to its presentations (the last `keep`
// kept), its count raised by their number, its stability raised once per time as
// s + increment / s, its last access the latest time. The same result as
// service.reactivation computes from a fresh read (a contract test holds the two equal);
// nothing is read back to the client. Returns the ids found, how many links were validated and
// the ids that changed status.
// params: presented, keep, increment, reached, ids, revive, now, from, to
CALL {
  UNWIND $presented AS p
  MATCH (m:Memory {id: p.id})
  WITH m, p, coalesce(m.reactivation_timestamps, []) + p.times AS times
  SET m.reactivation_timestamps = CASE
        WHEN size(times) > $keep THEN times[size(times) - $keep..]
        ELSE times
      END,
      m.reactivation_count = coalesce(m.reactivation_count, 0) + size(p.times),
      m.stability = reduce(s = m.stability, t IN p.times | s + $increment / s),
      m.last_accessed_at = p.last,
      m.last_reactivated_at = p.stamp
  RETURN collect(m.id) AS found
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
RETURN found, validated, revived
