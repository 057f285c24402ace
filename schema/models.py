"""Frozen domain models: what the repository returns and the service works with."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from schema.categories import Category
from schema.edges import EdgeCreator, EdgeType
from schema.errors import InvalidInput
from schema.statuses import MemoryStatus, Visibility
from schema.values import (
    MAX_ENTITIES,
    Content,
    EntityName,
    MemoryId,
    ShortText,
    UtcDatetime,
    UtcDatetimes,
    check_finite,
)

#: Most timestamps kept in `reactivation_timestamps` (older ones are folded into the count).
MAX_REACTIVATION_TIMESTAMPS = 64
#: The widest mentioned window a memory stores (`Memory.mentioned_start`): a quarter, so "last
#: month" (the previous calendar month up to the day it was said: up to 62 days) and "in March
#: 2022" date a memory, "this year" and "in 2022" do not (`service.engine.mentioned_time`). The
#: storage's range read relies on it: a window that overlaps [start, end) starts after
#: `start - MAX_MENTIONED_SPAN`.
MAX_MENTIONED_SPAN = timedelta(days=92)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _unit_interval(field: str) -> AfterValidator:
    def check(v: float) -> float:
        check_finite(field, v)
        if not 0.0 <= v <= 1.0:
            raise InvalidInput(field, f"{v} is outside [0, 1]")
        return v

    return AfterValidator(check)


class Memory(_Frozen):
    """A stored memory with its lifecycle state (docs/design.md §2)."""

    id: MemoryId
    content: Content
    summary: ShortText | None = None
    embedding: tuple[float, ...] | None = Field(default=None, repr=False)
    entities: tuple[EntityName, ...] = Field(default=(), max_length=MAX_ENTITIES)
    category: Category = Category.OTHER
    category_weights: Mapping[Category, float] = Field(default_factory=dict)
    status: MemoryStatus = MemoryStatus.TAGGED
    pinned: bool = False
    visibility: Visibility = Visibility.PRIVATE
    created_at: UtcDatetime
    #: When this service received a memory stored with an earlier `created_at` (history
    #: imported with its real time); None when it was stored at its creation. Its forgetting
    #: and dormancy clocks start here (`service.engine.lifecycle.clock_start`), never earlier.
    received_at: UtcDatetime | None = None
    last_accessed_at: UtcDatetime | None = None
    last_reactivated_at: UtcDatetime | None = None
    reactivation_timestamps: UtcDatetimes = Field(
        default=(), max_length=MAX_REACTIVATION_TIMESTAMPS
    )
    reactivation_count: int = Field(default=0, ge=0)
    cascade_count: int = Field(default=0, ge=0)
    stability: float = Field(default=1.0, gt=0.0)
    score: float = Field(default=0.0, ge=0.0)
    irrelevance_counter: int = Field(default=0, ge=0)
    #: When a maintenance pass last evaluated the memory; hysteresis counts one evaluation per
    #: interval, so running maintenance twice at once changes nothing the second time.
    last_evaluated_at: UtcDatetime | None = None
    event_time: UtcDatetime | None = None
    #: The window [start, end) the content's own date expressions name ("yesterday" in a turn
    #: stored on 8 May: 7 May), resolved against the event time or else the creation
    #: (`service.engine.mentioned_time`); derived from those three, None when they name none.
    mentioned_start: UtcDatetime | None = None
    mentioned_end: UtcDatetime | None = None
    source_session: ShortText | None = None
    superseded_by: MemoryId | None = None
    metadata: Mapping[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check_vectors(self) -> Memory:
        if self.embedding is not None:
            if not self.embedding:
                raise InvalidInput("embedding", "must not be empty")
            if not all(math.isfinite(x) for x in self.embedding):
                raise InvalidInput("embedding", "contains a non-finite value")
        if self.category_weights:
            total = sum(self.category_weights.values())
            if any(w < 0 for w in self.category_weights.values()) or abs(total - 1.0) > 1e-6:
                raise InvalidInput(
                    "category_weights", f"weights must be ≥ 0 and sum to 1 (sum is {total:.6f})"
                )
        return self


@dataclass(frozen=True, slots=True)
class MemoryFacets:
    """What recall admits and ranks a candidate by (docs/design.md §7), read without the rest of the
    memory: a recall ranks ~50 candidates and answers with ~10, and reading a candidate whole
    (content, up to 64 presentation times, metadata) was a quarter of the service's time."""

    id: str
    created_at: datetime
    category: Category
    category_weights: Mapping[Category, float]
    status: MemoryStatus
    pinned: bool
    last_accessed_at: datetime | None
    event_time: datetime | None
    superseded_by: str | None
    mentioned_start: datetime | None = None
    mentioned_end: datetime | None = None

    @classmethod
    def of(cls, memory: Memory) -> MemoryFacets:
        """The facets of a memory read whole (each is the memory's field of the same name)."""
        return cls(**{f.name: getattr(memory, f.name) for f in fields(cls)})


class MemoryEdge(_Frozen):
    """A typed memory–memory edge with writer metadata."""

    source: MemoryId
    target: MemoryId
    type: EdgeType
    weight: Annotated[float, _unit_interval("weight")] = 1.0
    reason: ShortText | None = None
    created_by: EdgeCreator = EdgeCreator.WRITER
    created_at: UtcDatetime
    last_validated_at: UtcDatetime | None = None

    @model_validator(mode="after")
    def _no_self_loop(self) -> MemoryEdge:
        if self.source == self.target:
            raise InvalidInput("target", f"a memory cannot link to itself ({self.source})")
        return self


class EdgeKey(_Frozen):
    source: MemoryId
    target: MemoryId
    type: EdgeType


class Degrees(_Frozen):
    """κ (causal degree) and δ (supportive degree) of one memory."""

    memory_id: MemoryId
    kappa: int = Field(ge=0)
    delta: int = Field(ge=0)

    @property
    def is_orphan(self) -> bool:
        return self.delta == 0


class Subgraph(_Frozen):
    """The nodes a traversal reached and every edge among them of the followed types. Read a
    page at a time, the nodes are in the order (hop, id) and a page's edges are those touching
    one of its nodes whose other end is in it or in an earlier page: every edge once."""

    nodes: tuple[Memory, ...]
    edges: tuple[MemoryEdge, ...]
    #: Each node's hops from the start, aligned with `nodes` (empty where not recorded).
    hops: tuple[int, ...] = ()
    #: Whether reached memories remain past these nodes (read the next page).
    has_more: bool = False


class SearchHit(_Frozen):
    """One ranked hit of a native index: cosine similarity (vector) or text score (full-text)."""

    memory_id: MemoryId
    score: float


class GraphStats(_Frozen):
    memories: int
    edges: Mapping[EdgeType, int]
    orphans: int
    kappa_max: int


class ForgottenMemory(_Frozen):
    """A memory the forgetting sweep took out of the present (docs/adr/0032): out of every read
    of now, kept here with the edges and fact assertions it had — restorable, exported, erased
    with its subject — until the retention period after `forgotten_at` purges it."""

    memory: Memory
    forgotten_at: UtcDatetime
    #: Every edge incident to it when it was forgotten (either direction), as stored.
    edges: tuple[MemoryEdge, ...] = ()
    #: The facts it asserted (ASSERTS), by id.
    facts: tuple[str, ...] = ()
    #: Why the sweep forgot it: each forgetting conjunct, as explain words it.
    reason: str = ""

    @property
    def id(self) -> str:
        return self.memory.id


class Tombstone(_Frozen):
    """What remains of a forgotten superseded memory, so its correction chain stays auditable."""

    id: MemoryId
    superseded_by: MemoryId | None
    content_hash: str
    deleted_at: UtcDatetime
