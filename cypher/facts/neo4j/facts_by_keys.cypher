// commit_facts' snapshot of the conflict keys, which in Neo4j also serialises their writers.
// Each key is a :FactSlot, unique per (tenant, key): MERGE finds or creates it (a concurrent
// creator waits on the constraint) and SET takes its write lock, held until the transaction
// ends. Only then are the slot's facts read, so a concurrent writer of the key has either
// committed, and is seen, or waits for this one. Returns every fact of the keys, in any state
// (a single-valued slot is settled over its whole history). The caller sends the keys sorted,
// so writers lock in one order.
// params: keys, now, tenant
UNWIND $keys AS key
MERGE (s:FactSlot {tenant: $tenant, key: key})
SET s.locked_at = $now
WITH s
MATCH (s)<-[:IN_SLOT {tenant: $tenant}]-(f:Fact {tenant: $tenant})
RETURN properties(f) AS props
