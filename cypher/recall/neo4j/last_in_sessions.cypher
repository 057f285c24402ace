// The newest memory of each source session of the tenant (what a new turn of that session
// follows), found through the (tenant, source_session) index.
// params: sessions, tenant
UNWIND $sessions AS session
CALL (session) {
  MATCH (m:Memory {tenant: $tenant, source_session: session})
  RETURN m.id AS id
  ORDER BY m.created_at DESC, m.id DESC
  LIMIT 1
}
RETURN session, id
