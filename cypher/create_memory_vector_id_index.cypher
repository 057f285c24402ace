// Range index on the memory id each :MemoryVector carries.
// params:
CREATE INDEX FOR (v:MemoryVector) ON (v.id)
