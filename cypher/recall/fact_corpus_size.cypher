// FalkorDB only: the number of facts the fact full-text leg's BM25 scales its IDF by (answered
// from the label's matrix, without a scan; see corpus_size).
// params:
MATCH (f:Fact)
RETURN count(f) AS n
