// The turn each new turn follows in its session: the session's memory with the greatest
// (created_at, id) before the new turn's, so an imported turn takes its place by its creation
// instant, not by arrival. The ids break a tie of instants only, after the index: FalkorDB
// pushed `m.id < t.id` into the index scan as an id range and walked every memory of the
// tenant with a smaller id (with UUIDv7 ids, every older memory) on each store. `toString`
// keeps the comparison a filter (see next_in_sessions.cypher).
// params: turns
UNWIND $turns AS t
CALL {
  WITH t
  MATCH (m:Memory {source_session: t.session})
  WHERE m.created_at <= t.at AND (m.created_at < t.at OR toString(m.id) < t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
