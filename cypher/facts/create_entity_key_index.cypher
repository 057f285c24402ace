// Range index on Entity.key (fact layer).
// params:
CREATE INDEX FOR (n:Entity) ON (n.key)
