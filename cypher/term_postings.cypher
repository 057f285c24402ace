// Each term's document frequency in the full-text index and, for the terms matching at most
// `cap` memories, their postings (ids and content lengths): what BM25 ranks, since FalkorDB's
// full-text score has no inverse document frequency (graph_backends/_bm25.py). The memory count
// is asked separately: counting a label in the same query scans it (0.5 ms at 10,000; alone it
// is read from the label's matrix, 0.02 ms).
// params: terms, cap
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('MemoryText', term) YIELD node
WITH term, collect([node.id, size(node.content)]) AS postings
RETURN term, size(postings) AS df, CASE WHEN size(postings) <= $cap THEN postings ELSE [] END
       AS postings
