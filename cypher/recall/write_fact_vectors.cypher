// Store fact embeddings.
// params: rows
UNWIND $rows AS row
MERGE (v:FactVector {id: row.id})
SET v.embedding = vecf32(row.embedding)
RETURN count(v) AS n
