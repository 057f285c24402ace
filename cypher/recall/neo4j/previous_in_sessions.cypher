// The turn each new turn follows in its session (the greatest (created_at, id) before it),
// found through the (tenant, source_session) index.
// params: tenant, turns
UNWIND $turns AS t
CALL (t) {
  MATCH (m:Memory {tenant: $tenant, source_session: t.session})
  WHERE m.created_at < t.at OR (m.created_at = t.at AND m.id < t.id)
  RETURN m.id AS id, m.created_at AS created_at
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT 1
}
RETURN t.i AS i, id, created_at
