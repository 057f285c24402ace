// Best full-text matches among the tenant's facts effective at $at, with the memory asserting
// each. `$query` is Lucene syntax built by the repository from plain word tokens and the
// tenant's own term (graph_backends/_neo4j_fulltext.py), so Lucene only returns the tenant's
// facts; the WHERE clause re-checks the tenant, then applies the effective-at predicate.
// params: query, k, at, tenant
CALL db.index.fulltext.queryNodes('retentia_fact_text', $query) YIELD node, score
WHERE node.tenant = $tenant
  AND (node.invalid_at IS NULL OR node.invalid_at > $at)
  AND (node.valid_from IS NULL OR node.valid_from <= $at)
  AND (node.valid_to IS NULL OR node.valid_to > $at)
RETURN node.id AS id, node.source AS source, score
ORDER BY score DESC, id
LIMIT $k
