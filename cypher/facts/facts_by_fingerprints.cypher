// Facts already recorded with any of the fingerprints (a retried write), in any state.
// params: fingerprints
UNWIND $fingerprints AS fp
MATCH (f:Fact {fingerprint: fp})
RETURN f.fingerprint AS fingerprint, f.id AS id
