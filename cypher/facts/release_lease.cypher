// Give a lease back if $owner holds it.
// params: name, owner
MATCH (l:Lease {name: $name})
WHERE l.owner = $owner
SET l.until = 0
RETURN count(l) AS n
