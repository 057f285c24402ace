// Range index on creation time (epoch microseconds), for listing by recency.
// params:
CREATE INDEX FOR (m:Memory) ON (m.created_at)
