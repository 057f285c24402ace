"""Storage backends behind one domain-typed Protocol. The only package that imports a
database driver (and it does so lazily, inside `open_backend`)."""

from graph_backends.config import BackendConfig, FalkorConfig, Neo4jConfig, SurrealConfig
from graph_backends.errors import BackendError, BackendUnavailable, SchemaMismatch
from graph_backends.factory import open_backend, probe_backend
from graph_backends.protocol import (
    MAX_TRAVERSE_DEPTH,
    ErasureRepository,
    FactRepository,
    FactStore,
    GraphRepository,
    IdempotencyRepository,
    PortableRepository,
    Presentation,
    PresentedRecalls,
    PresentsInPlace,
    ReactivationWrites,
    RecallRepository,
    fact_store,
    lease_owner,
    superseded_already,
)

__all__ = [
    "MAX_TRAVERSE_DEPTH",
    "BackendConfig",
    "BackendError",
    "BackendUnavailable",
    "ErasureRepository",
    "FactRepository",
    "FactStore",
    "FalkorConfig",
    "GraphRepository",
    "IdempotencyRepository",
    "Neo4jConfig",
    "PortableRepository",
    "Presentation",
    "PresentedRecalls",
    "PresentsInPlace",
    "ReactivationWrites",
    "RecallRepository",
    "SchemaMismatch",
    "SurrealConfig",
    "fact_store",
    "lease_owner",
    "open_backend",
    "probe_backend",
    "superseded_already",
]
