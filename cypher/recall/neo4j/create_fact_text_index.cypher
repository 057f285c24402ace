// Lucene full-text index over each fact's "subject predicate object" text and its tenant's
// term, shared by every tenant: a search names its tenant inside the Lucene query, as for
// memories (ADR 0007).
// params:
CREATE FULLTEXT INDEX retentia_fact_text IF NOT EXISTS
FOR (f:Fact) ON EACH [f.text, f.tenant_term]
