// Range index over each memory's lower-cased entity names (an array property): "memories
// naming X" reads it instead of scanning every memory.
// params:
CREATE INDEX FOR (m:Memory) ON (m.entity_keys)
