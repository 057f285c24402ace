// For each term, how many memories the full-text index matches and, when at most $cap do, their
// ids and content lengths; and how many memories there are. FalkorDB's full-text score has no
// inverse document frequency, so the full-text search ranks these postings by BM25 itself.
// params: terms, cap
MATCH (m:Memory)
WITH count(m) AS n
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('Memory', term) YIELD node
WITH n, term, collect([node.id, size(node.content)]) AS postings
RETURN n, term, size(postings) AS df, CASE WHEN size(postings) <= $cap THEN postings ELSE [] END AS postings
