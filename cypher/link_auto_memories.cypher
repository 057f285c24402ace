// Create machine-made RELATED_TO edges (created_by = 'auto') only while their target has fewer
// than $cap of them. Each row is one target and its offered edges, best first; the count is
// read inside this write, after the SET has taken the target's write lock, so the check and
// the write are one step for every process sharing the database: on Neo4j (read committed)
// a concurrent store waits for this one to commit and then counts its edges; FalkorDB runs it
// inside a MULTI/EXEC, which executes whole before any other client's command. One row per
// target, so a target offered several edges here counts them all against one reading.
// Returns the edges written.
// params: targets, cap
UNWIND $targets AS t
MATCH (b:Memory {id: t.id})
SET b.auto_link_lock = true
REMOVE b.auto_link_lock
WITH b, t
OPTIONAL MATCH (b)<-[old:RELATED_TO]-(:Memory)
WHERE old.created_by = 'auto'
WITH b, t, count(old) AS have
WITH b, t, CASE WHEN $cap > have THEN $cap - have ELSE 0 END AS room
UNWIND t.edges[0..room] AS e
MATCH (a:Memory {id: e.source})
MERGE (a)-[r:RELATED_TO]->(b)
ON CREATE SET r.created_at = e.created_at, r.created_by = e.created_by
SET r.weight = e.weight, r.reason = e.reason, r.last_validated_at = e.last_validated_at
RETURN e.source AS source, e.target AS target
