// The tenant's facts effective at $at among the index's `$k` nearest embeddings. The index
// spans every tenant, so the caller widens `$k` until it has enough hits or the index has
// fewer than `$k` vectors (`candidates < $k`: everything was seen). One row, always. The
// similarity is recomputed from the stored vector, normalised to (1 + cos) / 2 like the index
// score.
// params: k, vector, at, tenant
CALL db.index.vector.queryNodes('retentia_fact_vector', $k, $vector) YIELD node
WITH collect(node) AS found
CALL (found) {
  UNWIND found AS v
  WITH v
  WHERE v.tenant = $tenant
  MATCH (f:Fact {tenant: $tenant, id: v.id})
  WHERE (f.invalid_at IS NULL OR f.invalid_at > $at)
    AND (f.valid_from IS NULL OR f.valid_from <= $at)
    AND (f.valid_to IS NULL OR f.valid_to > $at)
  RETURN collect({id: f.id, source: f.source,
                  similarity: vector.similarity.cosine(v.embedding, $vector)}) AS hits
}
RETURN size(found) AS candidates, hits
