// The turn that follows each new turn in its session: the session's memory with the least
// (created_at, id) after the new turn's (none when the new turn is the newest, as a live turn
// always is). The ids break a tie of instants only, after the index: FalkorDB pushed
// `m.id > t.id` into the index scan as an id range, and with ids of other sessions above the
// new one's (UUIDv4, imported ids) walked all of them (5.5 ms a store at 10,000 memories; 0.2
// now). `toString` keeps the comparison a filter (docs/measured-facts.md).
// params: turns
UNWIND $turns AS t
CALL {
  WITH t
  MATCH (m:Memory {source_session: t.session})
  WHERE m.created_at >= t.at AND (m.created_at > t.at OR toString(m.id) > t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at ASC, m.id ASC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
