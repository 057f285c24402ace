// The memories asserting each fact (its source, and any that stated it since); facts no
// memory asserts have no row.
// params: ids
UNWIND $ids AS id
MATCH (m:Memory)-[:ASSERTS]->(:Fact {id: id})
RETURN id, collect(DISTINCT m.id) AS memories
