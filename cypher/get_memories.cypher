// Memories by id (embeddings live on :MemoryVector and are fetched apart, only when asked).
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m {.*} AS memory
