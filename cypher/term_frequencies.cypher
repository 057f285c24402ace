// How many memories the full-text index matches for each term (its document frequency), and
// how many memories there are: FalkorDB's full-text score has no inverse document frequency,
// so the full-text search ranks by BM25 itself (graph_backends/_bm25.py).
// params: terms
MATCH (m:Memory)
WITH count(m) AS n
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('Memory', term) YIELD node
RETURN n, term, count(node) AS df
