// Full-text index on memory content (RediSearch under FalkorDB).
// params:
CREATE FULLTEXT INDEX FOR (m:Memory) ON (m.content)
