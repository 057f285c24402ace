// The newest memory of each source session (what a new turn of that session follows). The
// subquery keeps only the first of the ordered members: collecting every id of the session
// before taking the first cost 0.61 ms at 1,280 members, growing with the session (0.20).
// params: sessions
UNWIND $sessions AS s
CALL {
  WITH s
  MATCH (m:Memory {source_session: s})
  RETURN m.id AS id
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT 1
}
RETURN s AS session, id
