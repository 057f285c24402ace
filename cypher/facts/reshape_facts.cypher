// Change facts that are no longer active, inside a fact write planned on a snapshot of their
// slot: trim a history where a late-arriving fact fits in, or retract a superseded fact.
// Unset fields keep their value; nothing is deleted. Reports how many changed.
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.id})
SET f.state = row.state,
    f.valid_to = coalesce(row.valid_to, f.valid_to),
    f.invalid_at = coalesce(row.invalid_at, f.invalid_at),
    f.superseded_by = coalesce(row.superseded_by, f.superseded_by)
RETURN count(f) AS n
