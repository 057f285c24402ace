// Cosine similarity of each of the tenant's memories' stored embedding to $vector, computed by
// the engine (vector.similarity.cosine is rescaled to [0, 1]; this maps it back to [-1, 1]).
// params: ids, vector, tenant
UNWIND $ids AS id
MATCH (v:MemoryVector {tenant: $tenant, id: id})
WHERE v.embedding IS NOT NULL
RETURN v.id AS id, 2.0 * vector.similarity.cosine(v.embedding, $vector) - 1.0 AS similarity
