// Erasure (docs/adr/0018): every fact, in any state, whose normalised subject or object holds
// $key — a superset of the facts that name a subject, read without an index (an erase reads
// its candidates once; the caller keeps those naming it as whole words).
// params: key
MATCH (f:Fact)
WHERE f.subject_key CONTAINS $key OR f.object_key CONTAINS $key
RETURN properties(f) AS props
