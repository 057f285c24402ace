// Range index on Extraction.memory_id (fact layer).
// params:
CREATE INDEX FOR (n:Extraction) ON (n.memory_id)
