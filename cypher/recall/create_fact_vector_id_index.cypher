// Range index on fact vector ids.
// params:
CREATE INDEX FOR (v:FactVector) ON (v.id)
