// Create RELATES edges exactly as given (a restore into an empty tenant: open and closed ones,
// with their instants), between entities that exist.
// params: rows
UNWIND $rows AS row
MATCH (s:Entity {id: row.source}), (t:Entity {id: row.target})
CREATE (s)-[:RELATES {predicate: row.predicate, fact_id: row.fact_id,
                      valid_from: row.valid_from, valid_to: row.valid_to,
                      created_at: row.created_at}]->(t)
RETURN count(*) AS n
