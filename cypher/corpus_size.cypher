// FalkorDB only: the number of documents BM25 scales its IDF by, on every full-text recall. The
// :Memory label's count without a filter is answered from the label matrix, without a scan (a
// label check made it a scan of every memory per recall: 30 ms at 10,000 on a slow core). After
// a load it also counts memories deleted before the save (clear_label_phantoms.cypher): the
// IDF is then a little off, which moves no term's posting list, only the weights.
// params:
MATCH (m:Memory)
RETURN count(m) AS n
