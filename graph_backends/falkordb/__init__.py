"""FalkorDB: the repository (embedded or by URL), its fact and recall halves, the embedded
supervisor and the client-side read batching."""
