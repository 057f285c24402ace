// Range index on the memory id each :MemoryText carries.
// params:
CREATE INDEX FOR (t:MemoryText) ON (t.id)
