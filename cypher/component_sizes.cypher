// The sizes of the weakly connected components of the memories over the given edge types,
// computed in the database by FalkorDB's algo.WCC (analytics; FalkorDB only). A memory with
// none of those edges is a component of one. `types` is never empty: an empty list would mean
// every relationship type.
// params: types
CALL algo.WCC({nodeLabels: ['Memory'], relationshipTypes: $types}) YIELD node, componentId
RETURN componentId AS component, count(node) AS size
