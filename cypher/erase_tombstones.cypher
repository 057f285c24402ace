// Erasure (docs/adr/0018): delete the tombstones of the given memories and those naming one of
// them as successor (each holds a digest of erased content); how many went.
// params: ids
MATCH (t:Tombstone)
WHERE t.id IN $ids OR t.superseded_by IN $ids
WITH collect(t) AS gone
FOREACH (x IN gone | DELETE x)
RETURN size(gone) AS n
