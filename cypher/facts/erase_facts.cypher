// Erasure (docs/adr/0018): delete facts with their embedding and every link (SUBJECT, OBJECT,
// ASSERTS); how many of each went. The only query that deletes a fact.
// params: ids
UNWIND $ids AS id
MATCH (f:Fact {id: id})
OPTIONAL MATCH (v:FactVector {id: id})
WITH collect(f) AS facts, collect(v) AS vectors
FOREACH (x IN facts + vectors | DETACH DELETE x)
RETURN size(facts) AS facts, size(vectors) AS vectors
