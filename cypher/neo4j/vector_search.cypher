// The tenant's memories among the index's `$k` nearest embeddings. The index spans every
// tenant, so the caller widens `$k` until it has enough of this tenant's hits or the index has
// fewer than `$k` vectors (`candidates < $k`: everything was seen). One row, always.
// `vector.similarity.cosine` is recomputed from the stored vector (the index may quantize)
// and, like the index score, is normalised to (1 + cos) / 2.
// params: k, vector, tenant
CALL db.index.vector.queryNodes('retentia_memory_vector', $k, $vector) YIELD node, score
WITH count(node) AS candidates, collect(node) AS found
RETURN candidates,
       [v IN found WHERE v.tenant = $tenant
        | {id: v.id, similarity: vector.similarity.cosine(v.embedding, $vector)}] AS hits
