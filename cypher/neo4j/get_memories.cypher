// Memories of the tenant by id (embeddings live on :MemoryVector and are fetched apart).
// params: ids, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
RETURN m {.*} AS memory
