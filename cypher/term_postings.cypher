// The memories the full-text index matches for each term, with their content lengths: the
// postings BM25 ranks. Asked only for selective terms (the common ones would ship thousands).
// params: terms
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('Memory', term) YIELD node
RETURN term, collect([node.id, size(node.content)]) AS postings
