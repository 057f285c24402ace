// FalkorDB only. After a load from its files (a restart, a replica's sync), FalkorDB 4.16 keeps
// every node deleted before the save in the label matrices: a label scan then also yields those
// slots (no labels at all), and a slot a node of another label took since answers to the old
// label in scans and — once the server loads again — in index lookups, where a :MemoryText with
// a memory's id is a second `(:Memory {id})` (docs/measured-facts.md). Adding the label and
// removing it again clears such a slot from the label's matrix and index; a slot with no labels
// is left alone (reading it can crash the server) and the scans skip it by `labels()`.
// The labels are those whose nodes share ids (a memory's text and vector, its tombstone; a
// fact's vector) or are read by id. Returns how many slots were cleared.
// params:
OPTIONAL MATCH (a:Memory) WHERE size(labels(a)) > 0 AND NOT 'Memory' IN labels(a)
SET a:Memory REMOVE a:Memory
WITH count(a) AS n0
OPTIONAL MATCH (b:MemoryText) WHERE size(labels(b)) > 0 AND NOT 'MemoryText' IN labels(b)
SET b:MemoryText REMOVE b:MemoryText
WITH n0, count(b) AS n1
OPTIONAL MATCH (c:MemoryVector) WHERE size(labels(c)) > 0 AND NOT 'MemoryVector' IN labels(c)
SET c:MemoryVector REMOVE c:MemoryVector
WITH n0, n1, count(c) AS n2
OPTIONAL MATCH (d:Tombstone) WHERE size(labels(d)) > 0 AND NOT 'Tombstone' IN labels(d)
SET d:Tombstone REMOVE d:Tombstone
WITH n0, n1, n2, count(d) AS n3
OPTIONAL MATCH (e:Fact) WHERE size(labels(e)) > 0 AND NOT 'Fact' IN labels(e)
SET e:Fact REMOVE e:Fact
WITH n0, n1, n2, n3, count(e) AS n4
OPTIONAL MATCH (f:FactVector) WHERE size(labels(f)) > 0 AND NOT 'FactVector' IN labels(f)
SET f:FactVector REMOVE f:FactVector
WITH n0, n1, n2, n3, n4, count(f) AS n5
OPTIONAL MATCH (g:Entity) WHERE size(labels(g)) > 0 AND NOT 'Entity' IN labels(g)
SET g:Entity REMOVE g:Entity
WITH n0, n1, n2, n3, n4, n5, count(g) AS n6
RETURN n0 + n1 + n2 + n3 + n4 + n5 + n6 AS cleared
