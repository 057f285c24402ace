// Memories stored before `entity_keys` existed get it, once, when its index is created.
// params:
MATCH (m:Memory)
WHERE m.entity_keys IS NULL
SET m.entity_keys = [e IN coalesce(m.entities, []) | toLower(e)]
RETURN count(m) AS n
