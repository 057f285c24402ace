// The newest memory of each source session (what a new turn of that session follows).
// params: sessions
UNWIND $sessions AS s
MATCH (m:Memory {source_session: s})
WITH s, m
ORDER BY m.created_at DESC, m.id DESC
WITH s, collect(m.id) AS ids
RETURN s AS session, ids[0] AS id
