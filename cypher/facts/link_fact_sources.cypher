// Link facts to the memory that asserted them (when it exists).
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.fact}), (m:Memory {id: row.memory})
MERGE (m)-[:ASSERTS]->(f)
RETURN count(f) AS n
