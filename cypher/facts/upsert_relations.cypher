// Make each (source, target, predicate) key have exactly one RELATES edge open at $now,
// pointing at the fact: create it when none is open, otherwise repoint the first open one and
// close any duplicate at $now. An edge is never (re)opened for a fact already closed: a writer's
// late projection then cannot resurrect what a faster successor has already expired.
// Reports what changed.
// params: rows, now
UNWIND $rows AS row
OPTIONAL MATCH (closed:Fact {id: row.fact_id})
WHERE closed.state <> 'active'
WITH row WHERE closed IS NULL
MATCH (s:Entity {id: row.source}), (t:Entity {id: row.target})
OPTIONAL MATCH (s)-[r:RELATES]->(t)
WHERE r.predicate = row.predicate AND (r.valid_to IS NULL OR r.valid_to > $now)
WITH row, s, t, collect(r) AS open
WITH row, s, t, open,
     size([x IN open[0..1] WHERE x.fact_id <> row.fact_id
           OR coalesce(x.valid_to, -1) <> coalesce(row.valid_to, -1)]) AS changed
FOREACH (_ IN CASE WHEN size(open) = 0 THEN [1] ELSE [] END |
  CREATE (s)-[:RELATES {predicate: row.predicate, fact_id: row.fact_id,
                        valid_from: row.valid_from, valid_to: row.valid_to,
                        created_at: row.created_at}]->(t))
FOREACH (x IN open[0..1] | SET x.fact_id = row.fact_id, x.valid_to = row.valid_to)
FOREACH (x IN open[1..] | SET x.valid_to = $now)
RETURN size(open) = 0 AS created, changed,
       CASE WHEN size(open) > 1 THEN size(open) - 1 ELSE 0 END AS duplicates
