// Replace the embedding of each memory of `rows` that exists (a migration re-embedding it with
// another model; a memory deleted meanwhile gets none). FalkorDB 4.x ignores an assignment of a
// vector to a property that holds one (it takes the two for equal), so it is cleared first.
// params: rows
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
MERGE (v:MemoryVector {id: row.id})
SET v.embedding = null
WITH row, v
SET v.embedding = vecf32(row.embedding)
RETURN count(v) AS n
