// `memories_mentioning` without the names more than $max_mentions memories name: a name that
// common (a hub) tells none of them apart, and reading every memory it names grows with the
// tenant. Each name's memories are read once, and no further than one past the cap.
// params: names, limit, max_mentions, over
UNWIND $names AS name
CALL {
  WITH name
  MATCH (m:Memory)
  WHERE name IN m.entity_keys
  RETURN m
  LIMIT $over
}
WITH name, collect(m) AS named
WHERE size(named) <= $max_mentions
UNWIND named AS m
WITH DISTINCT m
RETURN m.id AS id
ORDER BY m.created_at DESC, m.id
LIMIT $limit
