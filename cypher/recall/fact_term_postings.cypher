// FalkorDB only: the number of facts and, for each of up to eight terms ($terms[0..7]; a
// branch past the list's end answers no row), its document frequency among the facts and, if it
// matches at most `cap`, the id, text length and source memory of each of them effective at
// $at — what the fact full-text leg ranks by BM25, as term_postings is for memories (the
// index's own score has no IDF, and its union of a sentence's words made the index score, and
// FalkorDB filter and sort, every fact holding any of them: 10,639 of 35,214 at 250,000
// memories, 9 ms). The frequency counts every fact holding the term, in force or not, as the
// document count does; only facts in force are listed and ranked. Matches are read no further
// than `over`. One row per branch, the count's without a term; why a branch per term and the
// count from db.meta.stats(): term_postings.cypher.
// params: terms, cap, over, at
CALL db.meta.stats() YIELD labels
RETURN null AS term, coalesce(labels['Fact'], 0) AS df, [] AS ids, [] AS lengths, [] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[0]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[0] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[0] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[1]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[1] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[1] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[2]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[2] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[2] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[3]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[3] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[3] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[4]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[4] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[4] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[5]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[5] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[5] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[6]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[6] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[6] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
UNION ALL
CALL db.idx.fulltext.queryNodes('Fact', $terms[7]) YIELD node
WITH node
LIMIT $over
WITH collect(node) AS nodes
WHERE $terms[7] IS NOT NULL
WITH size(nodes) AS df, CASE WHEN size(nodes) <= $cap THEN nodes ELSE [] END AS listed
WITH df, [f IN listed WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
                           AND (f.valid_from IS NULL OR f.valid_from <= $at)
                           AND (f.valid_to IS NULL OR f.valid_to > $at)] AS current
RETURN $terms[7] AS term, df, [f IN current | f.id] AS ids, [f IN current | size(f.text)] AS lengths,
       [f IN current | f.source] AS sources
