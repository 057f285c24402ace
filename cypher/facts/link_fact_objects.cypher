// Link facts to the entity their object resolves to.
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.fact}), (o:Entity {id: row.entity})
MERGE (f)-[:OBJECT]->(o)
RETURN count(f) AS n
