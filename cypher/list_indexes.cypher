// Every index of the tenant's graph with its build status.
// params:
CALL db.indexes() YIELD label, properties, types, options, entitytype, status
RETURN label, properties, types, options, entitytype, status
