// κ and δ of each memory of the tenant by id, counting only the tenant's memory–memory edges.
// Neo4j has no indegree()/outdegree() with a type list; COUNT {} expands each node's edges.
// params: ids, causal, supportive, tenant
UNWIND $ids AS id
MATCH (m:Memory {tenant: $tenant, id: id})
RETURN m.id AS id,
       COUNT { (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $causal }
         AS kappa,
       COUNT { (m)-[r {tenant: $tenant}]-(:Memory {tenant: $tenant}) WHERE type(r) IN $supportive }
         AS delta
