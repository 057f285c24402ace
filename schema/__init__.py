"""Single source of truth for Retentia's domain vocabulary: labels, edge types and their
partitions, statuses, categories and the frozen models every other layer exchanges."""

from schema.categories import CATEGORY_POLICIES, Category, CategoryPolicy, Semantics
from schema.edges import (
    CAUSAL_TYPES,
    EDGE_PARTITION,
    SUPPORTIVE_TYPES,
    Direction,
    EdgeCreator,
    EdgeType,
    Partition,
    StructuralEdge,
)
from schema.errors import (
    BoundExceeded,
    Conflict,
    GoneForGood,
    InvalidInput,
    NotFound,
    RetentiaError,
    Unavailable,
)
from schema.labels import NodeLabel
from schema.models import (
    Degrees,
    EdgeKey,
    ForgottenMemory,
    GraphStats,
    Memory,
    MemoryEdge,
    MemoryFacets,
    SearchHit,
    Subgraph,
    Tombstone,
)
from schema.statuses import FactState, MemoryStatus, Visibility
from schema.tenant import Tenant
from schema.validation import build
from schema.values import (
    EARLIEST_INSTANT,
    LATEST_INSTANT,
    MAX_CONTENT_BYTES,
    new_memory_id,
    parse_memory_id,
)

__all__ = [
    "CATEGORY_POLICIES",
    "CAUSAL_TYPES",
    "EARLIEST_INSTANT",
    "EDGE_PARTITION",
    "LATEST_INSTANT",
    "MAX_CONTENT_BYTES",
    "SUPPORTIVE_TYPES",
    "BoundExceeded",
    "Category",
    "CategoryPolicy",
    "Conflict",
    "Degrees",
    "Direction",
    "EdgeCreator",
    "EdgeKey",
    "EdgeType",
    "FactState",
    "ForgottenMemory",
    "GoneForGood",
    "GraphStats",
    "InvalidInput",
    "Memory",
    "MemoryEdge",
    "MemoryFacets",
    "MemoryStatus",
    "NodeLabel",
    "NotFound",
    "Partition",
    "RetentiaError",
    "SearchHit",
    "Semantics",
    "StructuralEdge",
    "Subgraph",
    "Tenant",
    "Tombstone",
    "Unavailable",
    "Visibility",
    "build",
    "new_memory_id",
    "parse_memory_id",
]
