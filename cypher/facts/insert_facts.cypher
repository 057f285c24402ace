// Create facts and link each to its subject entity. Facts are deleted only by an erasure
// (erase_facts).
// params: rows
UNWIND $rows AS row
MATCH (s:Entity {id: row.props.subject_entity})
CREATE (f:Fact)
SET f = row.props
CREATE (f)-[:SUBJECT]->(s)
RETURN count(f) AS n
