// Close the open RELATES edges of a key that point at the given facts, at the instant given
// (the supersession or retraction instant, never a clock read). Reports how many closed.
// params: rows
UNWIND $rows AS row
MATCH (:Entity {id: row.source})-[r:RELATES]->(:Entity {id: row.target})
WHERE r.predicate = row.predicate AND r.fact_id IN row.fact_ids
  AND (r.valid_to IS NULL OR r.valid_to > row.at)
SET r.valid_to = row.at
RETURN count(r) AS n
