// Range index on (tenant, fingerprint): a retried write finds the facts it already recorded.
// params:
CREATE INDEX retentia_fact_fingerprint IF NOT EXISTS
FOR (f:Fact) ON (f.tenant, f.fingerprint)
