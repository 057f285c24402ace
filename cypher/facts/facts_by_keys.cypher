// Every fact recorded under any of the conflict keys, in any state: commit_facts settles a
// single-valued slot over its whole history.
// params: keys
UNWIND $keys AS key
MATCH (f:Fact {conflict_key: key})
RETURN properties(f) AS props
