// Mark a memory superseded by $successor (its score × $factor) unless something supersedes it
// already; either way return who supersedes it now and whether this query claimed it (no row:
// the memory is missing). The first SET takes the node's write lock before the check reads it,
// so on Neo4j (read committed) two concurrent amendments cannot both see it unclaimed: the
// second waits for the first to commit and then reads its successor. FalkorDB runs it inside a
// WATCHed MULTI/EXEC that fails when another writer changed the graph in between.
// params: id, successor, factor
MATCH (m:Memory {id: $id})
SET m.claim_lock = true
REMOVE m.claim_lock
WITH m, m.superseded_by IS NULL AS free
SET m.superseded_by = CASE WHEN free THEN $successor ELSE m.superseded_by END,
    m.score = CASE WHEN free THEN m.score * $factor ELSE m.score END
RETURN m.superseded_by AS superseded_by, free AS claimed
