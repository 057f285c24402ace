// Full-text index on memory content (RediSearch under FalkorDB), kept on each memory's own
// :MemoryText node: FalkorDB re-indexes a node in every index of its label on any property
// write, and a full-text index on :Memory made each lifecycle write of a memory (a recall's
// cascade reaches ~150) cost 2.2× one without it. Not on :MemoryVector either: a second index
// there left FalkorDB 4.16's reloaded vector index answering even fewer of k (ADR 0002).
// params:
CREATE FULLTEXT INDEX FOR (t:MemoryText) ON (t.content)
