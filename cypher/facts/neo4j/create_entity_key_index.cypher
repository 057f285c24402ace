// Range index on (tenant, normalised name) of entities.
// params:
CREATE INDEX retentia_entity_name IF NOT EXISTS
FOR (e:Entity) ON (e.tenant, e.key)
