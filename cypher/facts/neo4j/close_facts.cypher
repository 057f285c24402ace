// Move the tenant's facts along the state machine: close valid time (supersession), retract
// (invalid_at) or expire. Only a fact still active moves; unset fields keep their value;
// nothing is deleted. Reports how many moved.
// params: rows, tenant
UNWIND $rows AS row
MATCH (f:Fact {tenant: $tenant, id: row.id})
WHERE f.state = 'active'
SET f.state = row.state,
    f.valid_to = coalesce(row.valid_to, f.valid_to),
    f.invalid_at = coalesce(row.invalid_at, f.invalid_at),
    f.superseded_by = coalesce(row.superseded_by, f.superseded_by)
RETURN count(f) AS n
