// Erasure (docs/adr/0018): delete the conflict-key nodes of erased facts that no fact is left
// in (Neo4j keeps one :FactSlot per key; a graph without them deletes nothing); how many went.
// params: keys
UNWIND $keys AS key
MATCH (k:FactSlot {key: key})
WHERE NOT (k)<-[:IN_SLOT]-(:Fact)
WITH collect(k) AS gone
FOREACH (x IN gone | DETACH DELETE x)
RETURN size(gone) AS n
