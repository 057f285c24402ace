// Best full-text matches of the tenant. `$query` is Lucene syntax built by the repository from
// plain word tokens and the tenant's own term (graph_backends/_neo4j_fulltext.py), so Lucene
// ranks within the tenant; the WHERE clause re-checks the tenant on every hit.
// params: query, k, tenant
CALL db.index.fulltext.queryNodes('retentia_memory_content', $query, {limit: $k})
  YIELD node, score
WHERE node.tenant = $tenant
RETURN node.id AS id, score
ORDER BY score DESC, id
LIMIT $k
