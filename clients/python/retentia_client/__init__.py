"""Retentia's Python client: `Retentia` (sync) and `AsyncRetentia` over the GraphQL API, typed
by models generated from the service's SDL (ariadne-codegen), with one exception per failure
kind, retries with backoff, idempotent writes, page iterators, context blocks, and export and
import streaming."""

from ._generated.enums import (
    Category,
    Direction,
    EdgeType,
    FactState,
    MemoryStatus,
    RecallIntent,
    Visibility,
)
from ._generated.input_types import FactInput, LinkInput, RelatedEdgeInput, StoreMemoryInput
from ._ndjson import ExportToHistory, history_from_export
from ._retry import NO_RETRY, RetryPolicy
from .async_client import AsyncRetentia
from .client import Retentia
from .errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    ProtocolError,
    RateLimitedError,
    RecallUnavailableError,
    RetentiaConnectionError,
    RetentiaError,
    UnauthenticatedError,
    UnavailableError,
)
from .models import ImportSummary, Rejected

__version__ = "0.1.0"

__all__ = [
    "NO_RETRY",
    "AsyncRetentia",
    "Category",
    "ConflictError",
    "Direction",
    "EdgeType",
    "ExportToHistory",
    "FactInput",
    "FactState",
    "ForbiddenError",
    "ImportSummary",
    "InvalidInputError",
    "LinkInput",
    "MemoryStatus",
    "NotFoundError",
    "ProtocolError",
    "RateLimitedError",
    "RecallIntent",
    "RecallUnavailableError",
    "Rejected",
    "RelatedEdgeInput",
    "Retentia",
    "RetentiaConnectionError",
    "RetentiaError",
    "RetryPolicy",
    "StoreMemoryInput",
    "UnauthenticatedError",
    "UnavailableError",
    "Visibility",
    "__version__",
    "history_from_export",
]
