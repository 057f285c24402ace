// recent_memories.cypher within a window of creation instants, $floor <= created_at, before the
// ($before, $before_id) cursor ('' as $before_id: strictly before $before): FalkorDB reads only
// the window's memories from the range index on created_at, where the unbounded query scans
// and sorts every memory of the tenant (graph_backends/_common/time_windows.py). The id breaks
// a tie of instants after the index (`toString` keeps it out of the index scan, which would
// otherwise walk every id below the cursor's: docs/measured-facts.md).
// params: floor, before, before_id, limit
MATCH (m:Memory)
WHERE m.created_at >= $floor AND m.created_at <= $before
  AND (m.created_at < $before OR toString(m.id) < $before_id)
WITH m ORDER BY m.created_at DESC, m.id DESC LIMIT $limit
RETURN m {.*} AS memory
ORDER BY m.created_at DESC, m.id DESC
