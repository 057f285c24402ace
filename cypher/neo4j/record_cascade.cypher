// Recall cascades reached these memories (`n` times each): count them and stamp the time in
// place (no presentation, so the score is unchanged); those in `revive` that are in status
// `from` move to status `to`. Returns the ids that changed status.
// params: reached, revive, now, from, to, tenant
UNWIND $reached AS r
MATCH (m:Memory {tenant: $tenant, id: r.id})
SET m.cascade_count = coalesce(m.cascade_count, 0) + r.n, m.last_reactivated_at = $now
WITH count(m) AS reached
UNWIND $revive AS id
MATCH (m:Memory {tenant: $tenant, id: id})
WHERE m.status = $from
SET m.status = $to
RETURN m.id AS id
