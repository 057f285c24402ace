// The memories adjacent to each given memory over the given edge types, either direction.
// params: ids, types
UNWIND $ids AS id
MATCH (a:Memory {id: id})-[r]-(b:Memory)
WHERE type(r) IN $types
RETURN id, collect(DISTINCT b.id) AS neighbours
