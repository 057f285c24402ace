"""Storage backends behind one domain-typed contract (`graph_backends.protocol`). The only
package that imports a database driver (and it does so lazily, inside `open_backend`)."""

from graph_backends.config import BackendConfig, FalkorConfig, Neo4jConfig, SurrealConfig
from graph_backends.conflicts import superseded_already
from graph_backends.errors import BackendError, BackendUnavailable, SchemaMismatch
from graph_backends.factory import open_backend, probe_backend
from graph_backends.leases import lease_owner
from graph_backends.protocol import (
    MAX_TRAVERSE_DEPTH,
    Backend,
    ErasureRepository,
    FactRepository,
    GraphRepository,
    IdempotencyRepository,
    PortableRepository,
    Presentation,
    PresentedRecalls,
    PresentsInPlace,
    ReactivationWrites,
    RecallRepository,
)

__all__ = [
    "MAX_TRAVERSE_DEPTH",
    "Backend",
    "BackendConfig",
    "BackendError",
    "BackendUnavailable",
    "ErasureRepository",
    "FactRepository",
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
    "lease_owner",
    "open_backend",
    "probe_backend",
    "superseded_already",
]
