// Number of memories in the tenant.
// params:
// 'Memory' IN labels(m): FalkorDB 4.16's label scan can return other nodes (all_memories.cypher).
MATCH (m:Memory)
WHERE 'Memory' IN labels(m)
RETURN count(m) AS n
