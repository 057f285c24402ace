// Erasure (docs/adr/0018): delete the tenant's tombstones of the given memories and those
// naming one of them as successor (each holds a digest of erased content); how many went. The
// `id IS NOT NULL` finds the tenant's tombstones through the (tenant, id) constraint's index.
// params: ids, tenant
MATCH (t:Tombstone {tenant: $tenant})
WHERE t.id IS NOT NULL AND (t.id IN $ids OR t.superseded_by IN $ids)
WITH collect(t) AS gone
FOREACH (x IN gone | DELETE x)
RETURN size(gone) AS n
