// Range index on (tenant, subject key): fact reads by subject seek it.
// params:
CREATE INDEX retentia_fact_subject IF NOT EXISTS
FOR (f:Fact) ON (f.tenant, f.subject_key)
