// A conflict key is a node in Neo4j: one :FactSlot per (tenant, conflict key), unique, with the
// key's facts attached by IN_SLOT. The constraint is how a writer finds a key's facts, and it
// makes MERGE of a slot race-free, so commit_facts can lock the slot node to serialise the
// writers of one key (Neo4j reads committed data without locks; ADR 0007).
// params:
CREATE CONSTRAINT retentia_fact_slot_key IF NOT EXISTS
FOR (s:FactSlot) REQUIRE (s.tenant, s.key) IS UNIQUE
