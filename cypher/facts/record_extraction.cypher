// Record the outcome of fact extraction for a memory (failures are kept, not lost).
// params: rows
UNWIND $rows AS row
MERGE (x:Extraction {memory_id: row.memory_id})
SET x.status = row.status, x.error = row.error, x.updated_at = row.updated_at,
    x.facts = row.facts, x.attempts = coalesce(x.attempts, 0) + 1
RETURN count(x) AS n
