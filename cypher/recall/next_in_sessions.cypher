// The turn that follows each new turn in its session: the session's memory with the least
// (created_at, id) after the new turn's (none when the new turn is the newest, as a live turn
// always is).
// params: turns
UNWIND $turns AS t
CALL {
  WITH t
  MATCH (m:Memory {source_session: t.session})
  WHERE m.created_at > t.at OR (m.created_at = t.at AND m.id > t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at ASC, m.id ASC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
