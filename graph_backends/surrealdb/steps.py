"""What one SurrealDB request is made of, and the engine's answers the repository acts on.

A *step* is one named query with its parameters and integer template slots; a request runs
steps in order (ADR 0008). The errors below are the engine's structured failures that change
what the repository does next; every other failure is a plain `BackendError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from graph_backends._shared.seam import MissingEnd
from graph_backends.errors import BackendError
from graph_backends.surrealdb.surrealql import Query, QueryName, load
from schema import Tenant

#: One query of a request: the query, its parameters and its integer template slots.
Step = tuple[Query, Mapping[str, Any], Mapping[str, int]]
#: Largest list sent in one step; bounds the size of one request.
BATCH: Final = 500
#: HNSW candidates per search. At 20,000 384-d vectors ef = 40 found the exact vector 100/100
#: times too, but 100 costs little more and matches FalkorDB's efRuntime (ADR 0008).
EF_SEARCH: Final = 100


def step(name: QueryName, params: Mapping[str, Any] | None = None, **templates: int) -> Step:
    return (load(name), params or {}, templates)


def chunks(values: Sequence[Any], size: int = BATCH) -> list[Sequence[Any]]:
    return [values[i : i + size] for i in range(0, len(values), size)]


def backoff(attempt: int) -> float:
    """Seconds to wait before running a transaction that lost a write conflict again: random
    (so the writers of one record stop colliding) and growing, at most 50 ms."""
    return random.uniform(0, min(0.002 * 2**attempt, 0.05))


def check_knn(rows: Sequence[Mapping[str, Any]], tenant: Tenant, index: str) -> None:
    """Refuse a KNN answer without distances. Without its HNSW index SurrealDB 3.2 drops the
    `<|k,ef|>` condition and scans the whole table, each row's distance NONE (measured)."""
    if any(row["distance"] is None for row in rows):
        raise BackendError(
            f"the vector index {index} of tenant {tenant} is missing; run ensure_schema"
        )


class MissingTable(BackendError):
    """A read touched a table the tenant does not have (its schema was never ensured)."""


class MissingRecord(MissingEnd):
    """An ENFORCED relation refused an edge whose end does not exist."""


class TransactionConflict(BackendError):
    """Another transaction wrote the same records and committed first; this one wrote nothing
    and can be run again."""


class ClaimRefused(BackendError):
    """`claim_supersession` found the memory amended missing or superseded already (its
    THROW); the transaction wrote nothing."""


class SnapshotChanged(BackendError):
    """`check_fact_snapshot` found the facts changed since the write was planned (its THROW);
    the transaction wrote nothing."""
