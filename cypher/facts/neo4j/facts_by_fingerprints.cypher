// The tenant's facts already recorded with any of the fingerprints (a retried write), in any
// state.
// params: fingerprints, tenant
UNWIND $fingerprints AS fp
MATCH (f:Fact {tenant: $tenant, fingerprint: fp})
RETURN f.fingerprint AS fingerprint, f.id AS id
