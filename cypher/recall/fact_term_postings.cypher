// FalkorDB only: one term's document frequency among the facts and, if it matches at most
// `cap`, the id, text length and source memory of each of them effective at $at — what the
// fact full-text leg ranks by BM25, as term_postings is for memories (the index's own
// score has no IDF, and its union of a sentence's words made the index score, and FalkorDB
// filter and sort, every fact holding any of them: 10,639 of 35,214 at 250,000 memories,
// 9 ms). The frequency counts every fact holding the term, in force or not, as the document
// count does; only facts in force are listed and ranked. Matches are read no further than
// `over`.
// params: term, cap, over, at
CALL db.idx.fulltext.queryNodes('Fact', $term) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
