// One term's document frequency in the full-text index and, if it matches at most `cap`
// memories, its postings (ids and content lengths): what BM25 ranks, since FalkorDB's full-text
// score has no inverse document frequency (graph_backends/_common/bm25.py). The matches are read
// no further than `over` (cap + 1): a common term is only ever told apart as common, and reading
// its every match grew with the tenant (250,000 memories, a sentence's 10–13 terms of 400–34,000
// matches each: 148 ms for all the terms in one query, 18 ms one query each). A common term's df
// is reported as `over`. One term per query: in a CALL {} subquery under UNWIND, a LIMIT that
// stops the full-text procedure early hands its unread matches to the next term's call
// (FalkorDB 4.16; docs/measured-facts.md). The memory count is asked separately: counting a
// label in the same query scans it (0.5 ms at 10,000; alone it is read from the label's matrix,
// 0.02 ms). The postings come as two flat lists, ids and lengths: a list of [id, length] pairs
// cost the client ~5× as much to read (~0.7 ms of a recall's CPU at 10,000 memories).
// params: term, cap, over
CALL db.idx.fulltext.queryNodes('MemoryText', $term) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
RETURN size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
