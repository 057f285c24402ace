// Record which active facts each fact stands beside ambiguously.
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.id})
SET f.soft_conflict_with = row.ids
RETURN count(f) AS n
