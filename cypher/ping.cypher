// Liveness of the backend: one round trip that touches the query engine.
// params:
RETURN 1 AS ok
