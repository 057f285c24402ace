// Whether the tenant holds any fact, in any state: the first :Fact node a label scan meets,
// nothing sorted. Recall asked `fact_page` for one fact instead, whose ORDER BY read every fact
// first: 265 ms against 0.02 ms on a graph of 200,000 facts (FalkorDB 4.16), paid by the first
// recall of each tenant in each process. The label check skips the slots a FalkorDB 4.16 label
// scan can yield after deletes and a restart (all_memories.cypher).
// params:
MATCH (f:Fact)
WHERE 'Fact' IN labels(f)
RETURN true AS found
LIMIT 1
