// The turn each new turn follows in its session: the session's memory with the greatest
// (created_at, id) before the new turn's, so an imported turn takes its place by its creation
// instant, not by arrival.
// params: turns
UNWIND $turns AS t
CALL {
  WITH t
  MATCH (m:Memory {source_session: t.session})
  WHERE m.created_at < t.at OR (m.created_at = t.at AND m.id < t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
