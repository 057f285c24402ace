// The facts each memory asserts, every state.
// params: ids
UNWIND $ids AS id
MATCH (:Memory {id: id})-[:ASSERTS]->(f:Fact)
RETURN id, collect(properties(f)) AS facts
