// Forgotten memories are unique per (tenant, id).
// params:
CREATE CONSTRAINT retentia_forgotten_key IF NOT EXISTS
FOR (a:ForgottenMemory) REQUIRE (a.tenant, a.id) IS UNIQUE
