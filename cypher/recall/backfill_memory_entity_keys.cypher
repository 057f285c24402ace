// Memories stored before `entity_keys` existed get it, once, when its index is created.
// params:
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
  AND (m.entity_keys IS NULL)
SET m.entity_keys = [e IN coalesce(m.entities, []) | toLower(e)]
RETURN count(m) AS n
