// One page of the memory–memory edges of the given types, in (source, target, type) order,
// resuming after the key of the last edge already seen (analytics' bounded edge export). The
// sources come from the (tenant, id) index, from the page's first source on.
// params: tenant, types, after_source, after_target, after_type, limit
MATCH (a:Memory {tenant: $tenant})
WHERE a.id >= coalesce($after_source, '')
MATCH (a)-[r {tenant: $tenant}]->(b:Memory {tenant: $tenant})
WHERE type(r) IN $types
  AND ($after_source IS NULL
       OR a.id > $after_source
       OR (a.id = $after_source
           AND (b.id > $after_target OR (b.id = $after_target AND type(r) > $after_type))))
RETURN a.id AS source, b.id AS target, type(r) AS type,
       r.weight AS weight, r.reason AS reason, r.created_by AS created_by,
       r.created_at AS created_at, r.last_validated_at AS last_validated_at
ORDER BY source, target, type
LIMIT $limit
