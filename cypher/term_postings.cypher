// The document count of the memories' full-text index and, for each of up to eight terms
// ($terms[0..7]; a branch past the list's end answers no row), its document frequency and, if it
// matches at most `cap` memories, its postings (ids and content lengths): what BM25 ranks,
// since FalkorDB's full-text score has no inverse document frequency
// (graph_backends/_common/bm25.py). The count's row has no term.
// - One query for a sentence's terms: FalkorDB's and the client's CPU for three terms 0.92 ms
//   against 1.23 for a query each and one for the count, for six 1.45 against 2.39; the
//   empty branches of a shorter list cost ~20 µs each (docs/measured-facts.md).
// - A term per UNION branch, not UNWIND: in a CALL {} subquery under UNWIND, a LIMIT that stops
//   the full-text procedure early hands its unread matches to the next term's call (FalkorDB
//   4.16); each branch here is its own procedure call.
// - The matches are read no further than `over` (cap + 1): a common term is only ever told
//   apart as common, and reading its every match grew with the tenant (250,000 memories, a
//   sentence's 10–13 terms of 400–34,000 matches each: 148 ms read whole, 18 ms stopped). A
//   common term's df is reported as `over`.
// - The count comes from db.meta.stats(), the label's matrix: `count(m)` over :Memory in a
//   UNION branch is planned as a scan of every memory (1 ms more at 10,000).
// - The postings come as two flat lists, ids and lengths: a list of [id, length] pairs cost
//   the client ~5× as much to read (~0.7 ms of a recall's CPU at 10,000 memories).
// params: terms, cap, over
CALL db.meta.stats() YIELD labels
RETURN null AS term, coalesce(labels['Memory'], 0) AS df, [] AS ids, [] AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[0]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[0] IS NOT NULL
RETURN $terms[0] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[1]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[1] IS NOT NULL
RETURN $terms[1] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[2]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[2] IS NOT NULL
RETURN $terms[2] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[3]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[3] IS NOT NULL
RETURN $terms[3] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[4]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[4] IS NOT NULL
RETURN $terms[4] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[5]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[5] IS NOT NULL
RETURN $terms[5] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[6]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[6] IS NOT NULL
RETURN $terms[6] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
UNION ALL
CALL db.idx.fulltext.queryNodes('MemoryText', $terms[7]) YIELD node
WITH node
LIMIT $over
WITH collect(node.id) AS ids, collect(size(node.content)) AS lengths
WHERE $terms[7] IS NOT NULL
RETURN $terms[7] AS term, size(ids) AS df, CASE WHEN size(ids) <= $cap THEN ids ELSE [] END AS ids,
       CASE WHEN size(ids) <= $cap THEN lengths ELSE [] END AS lengths
