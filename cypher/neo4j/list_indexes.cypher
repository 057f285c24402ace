// Every index of the database with its state (indexes are shared by all tenants).
// params:
SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options
RETURN name, type, state, labelsOrTypes, properties, options
