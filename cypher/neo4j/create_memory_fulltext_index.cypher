// Lucene full-text index on memory content. It also indexes `tenant_term`, one opaque word per
// tenant (Lucene's analyzer would split the tenant key itself into ambiguous words), so a
// search names its tenant inside the Lucene query and gets that tenant's exact top-k.
// params:
CREATE FULLTEXT INDEX retentia_memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenant_term]
