// Every memory of the tenant without embeddings, for maintenance passes.
// params:
MATCH (m:Memory)
RETURN m {.*} AS memory
