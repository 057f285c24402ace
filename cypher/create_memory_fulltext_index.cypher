// Full-text index on memory content (RediSearch under FalkorDB), kept on the :MemoryVector
// nodes beside the embedding: FalkorDB re-indexes a node in every index of its label on any
// property write, and the full-text index made each lifecycle write of a :Memory (a recall's
// cascade reaches ~150) cost 2.2× one without it. Content is written to both nodes together.
// params:
CREATE FULLTEXT INDEX FOR (v:MemoryVector) ON (v.content)
