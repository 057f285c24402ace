// Active facts with any of the conflict keys whose valid time has not ended by $now.
// params: keys, now
UNWIND $keys AS key
MATCH (f:Fact {conflict_key: key})
WHERE f.state = 'active' AND (f.valid_to IS NULL OR f.valid_to > $now)
RETURN properties(f) AS props
