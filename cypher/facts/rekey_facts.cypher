// Move facts to another conflict key, inside a fact write: a predicate registered as
// functional turns its stored triples into one single-valued slot per subject.
// params: rows
UNWIND $rows AS row
MATCH (f:Fact {id: row.id})
SET f.conflict_key = row.key, f.single_valued = true
RETURN count(f) AS n
