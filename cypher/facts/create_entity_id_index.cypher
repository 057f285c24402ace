// Range index on Entity.id (fact layer).
// params:
CREATE INDEX FOR (n:Entity) ON (n.id)
