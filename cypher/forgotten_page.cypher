// One page of the tenant's forgotten memories in id order, resuming after the last id already
// seen ('' for the first page).
// params: after, limit
MATCH (a:ForgottenMemory)
WHERE a.id > $after
RETURN a.id AS id, a.forgotten_at AS forgotten_at, a.record AS record
ORDER BY id
LIMIT $limit
