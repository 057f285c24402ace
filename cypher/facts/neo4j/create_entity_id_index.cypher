// Entity ids (deterministic, from the normalised name) are unique per tenant; the constraint
// makes concurrent MERGEs of one entity create it once.
// params:
CREATE CONSTRAINT retentia_entity_key IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.tenant, e.id) IS UNIQUE
