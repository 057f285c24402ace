// Replace the embedding of each fact of `rows` that exists (a migration re-embedding it with
// another model). Cleared first for the reason `replace_memory_vectors` gives.
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.id})
MERGE (v:FactVector {id: row.id})
SET v.embedding = null
WITH row, v
SET v.embedding = vecf32(row.embedding)
RETURN count(v) AS n
