// The turn that follows each new turn in its session (the least (created_at, id) after it),
// found through the (tenant, source_session) index.
// params: tenant, turns
UNWIND $turns AS t
CALL (t) {
  MATCH (m:Memory {tenant: $tenant, source_session: t.session})
  WHERE m.created_at > t.at OR (m.created_at = t.at AND m.id > t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at ASC, m.id ASC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
