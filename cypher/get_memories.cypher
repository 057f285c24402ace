// Memories by id, without their embeddings (fetched apart, only when asked for).
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m {.*, embedding: null} AS memory
