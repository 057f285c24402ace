"""Facts: subject–predicate–object assertions kept true over time (docs/design.md §5).

`FactInput` is what a writer asserts; `Fact` is what the store keeps. No transition deletes a
fact: supersession, retraction and expiry only close it in time. Only an erasure of a subject
deletes facts (`schema.erasure`, docs/adr/0018).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Final

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from schema.categories import Category
from schema.errors import InvalidInput
from schema.statuses import FactState
from schema.values import MemoryId, UtcDatetime, check_finite, check_text

#: Longest subject, predicate or object, in UTF-8 bytes.
MAX_TERM_BYTES: Final = 1_024
#: Namespace of the deterministic entity ids (uuid5 of the normalised name).
ENTITY_NAMESPACE: Final = uuid.UUID("6b1d2f5e-3c1a-4d0e-9a57-2f1d6c0b8e41")


def _term(field: str) -> AfterValidator:
    return AfterValidator(lambda v: check_text(field, v, MAX_TERM_BYTES).strip())


def _confidence(v: float) -> float:
    check_finite("confidence", v)
    if not 0.0 <= v <= 1.0:
        raise InvalidInput("confidence", f"{v} is outside [0, 1]")
    return v


class FactWriter(StrEnum):
    """Which path asserted a fact. All of them go through `apply_facts`."""

    API = "api"
    MEMORY = "memory"
    EXTRACTION = "extraction"
    AMENDMENT = "amendment"


class FactInput(BaseModel):
    """One assertion as a writer gives it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    subject: Annotated[str, _term("subject")]
    predicate: Annotated[str, _term("predicate")]
    object: Annotated[str, _term("object")]
    category: Category = Category.OTHER
    confidence: Annotated[float, AfterValidator(_confidence)] = 1.0
    #: When the fact became true; unset means "from when it is recorded".
    valid_from: UtcDatetime | None = None
    #: When it stops being true, if known.
    valid_to: UtcDatetime | None = None
    #: The event an obligation or a logistical fact is about (the anchor h of docs/design.md §6.2).
    event_time: UtcDatetime | None = None
    #: True: the predicate holds one value at a time (a new value replaces the old one).
    #: Unset: the category's semantics and the registered functional predicates decide.
    functional: bool | None = None
    #: Whether the object names an entity. Unset: a proper name (every word capitalised) does.
    object_is_entity: bool | None = None
    #: The memory that asserts the fact.
    source: MemoryId | None = None

    @model_validator(mode="after")
    def _window(self) -> FactInput:
        if self.valid_from and self.valid_to and self.valid_to <= self.valid_from:
            raise InvalidInput("valid_to", "must be later than valid_from")
        return self


def effective_at(
    at: datetime,
    *,
    valid_from: datetime | None,
    valid_to: datetime | None,
    invalid_at: datetime | None,
) -> bool:
    """docs/design.md §5.3's predicate, the one every reader of facts applies: true at instant `at`
    when not retracted by then, started, and not yet ended."""
    return (
        (invalid_at is None or invalid_at > at)
        and (valid_from is None or valid_from <= at)
        and (valid_to is None or valid_to > at)
    )


class Fact(BaseModel):
    """A stored fact with its whole state-machine position."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    subject: str
    predicate: str
    object: str
    #: Normalised forms (one shared function) that identity and conflict keys are built from.
    subject_key: str
    predicate_key: str
    object_key: str
    subject_entity: str
    object_entity: str | None = None
    conflict_key: str
    single_valued: bool
    #: Identity of the assertion itself; a retried write finds it and is skipped.
    fingerprint: str
    state: FactState = FactState.ACTIVE
    valid_from: UtcDatetime | None = None
    valid_to: UtcDatetime | None = None
    recorded_at: UtcDatetime
    invalid_at: UtcDatetime | None = None
    superseded_by: str | None = None
    #: Active facts this one stands beside, ambiguously (a soft conflict).
    soft_conflict_with: tuple[str, ...] = ()
    category: Category = Category.OTHER
    confidence: float = 1.0
    event_time: UtcDatetime | None = None
    source: str | None = None
    writer: FactWriter = FactWriter.API

    def effective_at(self, at: datetime) -> bool:
        """docs/design.md §5.3's predicate (`effective_at`) on this fact's times."""
        return effective_at(
            at, valid_from=self.valid_from, valid_to=self.valid_to, invalid_at=self.invalid_at
        )

    @property
    def started_at(self) -> datetime:
        return self.valid_from or self.recorded_at


class Entity(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    key: str


@dataclass(frozen=True, slots=True)
class FactHit:
    """A fact a recall leg found, with the memory asserting it (if any) and the leg's score."""

    fact_id: str
    source: str | None
    score: float


class FactOutcome(StrEnum):
    INSERTED = "inserted"
    SUPERSEDED = "superseded"
    SKIPPED = "skipped"
    SOFT_CONFLICT = "soft_conflict"
    ERROR = "error"


class FactResult(BaseModel):
    """What happened to one input fact, at its position in the batch."""

    model_config = ConfigDict(frozen=True)

    index: int
    outcome: FactOutcome
    fact_id: str | None = None
    #: Facts this one closed (superseded) or stands beside (soft conflict); for `skipped`, the
    #: fact already recorded.
    others: tuple[str, ...] = ()
    field: str | None = None
    reason: str | None = None


class FactBatchResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    results: tuple[FactResult, ...]
    inserted: int = Field(ge=0)
    superseded: int = Field(ge=0)
    skipped: int = Field(ge=0)
    soft_conflicts: int = Field(ge=0)
    errors: int = Field(ge=0)

    @classmethod
    def of(cls, results: list[FactResult]) -> FactBatchResult:
        ordered = tuple(sorted(results, key=lambda r: r.index))

        def count(outcome: FactOutcome) -> int:
            return sum(1 for r in ordered if r.outcome is outcome)

        return cls(
            results=ordered,
            inserted=count(FactOutcome.INSERTED),
            superseded=count(FactOutcome.SUPERSEDED),
            skipped=count(FactOutcome.SKIPPED),
            soft_conflicts=count(FactOutcome.SOFT_CONFLICT),
            errors=count(FactOutcome.ERROR),
        )


class Relation(BaseModel):
    """A derived `Entity-[:RELATES]->Entity` edge, keyed (source, target, predicate)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    target: str
    predicate: str
    fact_id: str
    valid_from: UtcDatetime | None = None
    #: When the edge stopped (or will stop) being current; None while open.
    valid_to: UtcDatetime | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.target, self.predicate)


class StoredRelation(Relation):
    """A RELATES edge as stored, open or closed, with the instant it was made: what an export
    carries and a restore writes back unchanged."""

    created_at: UtcDatetime | None = None


# -- what one atomic fact write consists of (built by the service, applied by a backend) -----


@dataclass(frozen=True, slots=True)
class Candidate:
    """One valid input, built into the fact it would become."""

    index: int
    fact: Fact
    #: The server assigns its start (the input gave no valid_from): `apply_facts` stamps it
    #: with the instant of the commit.
    stamped: bool = False


@dataclass(frozen=True, slots=True)
class FactSnapshot:
    """What the store holds for a batch: every fact recorded under each conflict key (in any
    state: a single-valued slot is settled over its whole history), and the fingerprints
    already recorded (fingerprint → fact id)."""

    facts: Mapping[str, Sequence[Fact]]
    recorded: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Close:
    """One state-machine step of an existing fact. Unset timestamps keep their value."""

    id: str
    state: FactState
    valid_to: datetime | None = None
    invalid_at: datetime | None = None
    superseded_by: str | None = None


@dataclass(frozen=True, slots=True)
class Supersession:
    """`old` was closed by `new` at `at` (for events and derived edges)."""

    old: Fact
    new: Fact
    at: datetime


@dataclass(slots=True)
class FactWrite:
    """Everything one batch writes, atomically."""

    inserts: list[Fact] = field(default_factory=list)
    #: State-machine steps of facts that were active when the snapshot was taken.
    closes: list[Close] = field(default_factory=list)
    #: Changes to facts that were no longer active: a history trimmed where a late-arriving
    #: fact now fits in (valid_to, superseded_by), or a retraction of a superseded fact.
    reshapes: list[Close] = field(default_factory=list)
    #: Facts moving to another conflict key (id → key): a predicate registered as functional
    #: turns its stored triples into one slot per subject.
    rekeys: dict[str, str] = field(default_factory=dict)
    #: Existing facts whose soft-conflict list grows: id → the whole new list.
    soft_conflicts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    results: list[FactResult] = field(default_factory=list)
    supersessions: list[Supersession] = field(default_factory=list)
    #: Embeddings of inserted facts (fact id → vector), when the writer has an embedder.
    vectors: dict[str, tuple[float, ...]] = field(default_factory=dict)
    #: (fact id, memory id): a memory asserting a fact already recorded from another memory
    #: (its own assertion skipped as the same); the memory is linked to that fact, so deleting
    #: the first memory leaves the fact standing (docs/adr/0021).
    links: list[tuple[str, str]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.inserts
            or self.closes
            or self.reshapes
            or self.rekeys
            or self.soft_conflicts
            or self.links
        )


@dataclass(frozen=True, slots=True)
class RelationExpiry:
    """Close the open RELATES edge of a key that points at one of `fact_ids`, at `at`."""

    source: str
    target: str
    predicate: str
    fact_ids: tuple[str, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class RelationRepairs:
    """What a projection write changed."""

    created: int = 0
    updated: int = 0
    expired: int = 0

    @property
    def total(self) -> int:
        return self.created + self.updated + self.expired

    def __add__(self, other: RelationRepairs) -> RelationRepairs:
        return RelationRepairs(
            self.created + other.created,
            self.updated + other.updated,
            self.expired + other.expired,
        )


@dataclass(frozen=True, slots=True)
class FactPosition:
    """Where a fact stands in the order of every fact list: by when it started (`started_at`:
    valid_from, or recorded_at when unset), then recorded_at, then id — a total order, because
    ids are unique and none of the three ever changes once the fact is written. A page resumes
    after the position of the last fact it showed."""

    started_at: datetime
    recorded_at: datetime
    id: str

    @classmethod
    def of(cls, fact: Fact) -> FactPosition:
        return cls(fact.started_at, fact.recorded_at, fact.id)


@dataclass(frozen=True, slots=True)
class FactQuery:
    """Filters of a fact read. `at` applies the effective-at predicate; `start`/`end` keep the
    facts effective at some instant of [start, end) (superseded part-way included).

    The order is the `FactPosition` one, newest first (started_at and recorded_at descending,
    id ascending) or, with `oldest_first`, oldest first (all three ascending); `after` skips to
    the facts past that position, so pages read one after another show each fact once."""

    subject: str | None = None
    predicate: str | None = None
    entity: str | None = None
    states: tuple[FactState, ...] | None = None
    at: datetime | None = None
    start: datetime | None = None
    end: datetime | None = None
    limit: int = 1000
    oldest_first: bool = False
    after: FactPosition | None = None


class ExtractionStatus(StrEnum):
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class ExtractionRecord:
    """The outcome of LLM fact extraction for one memory; failures are kept, not lost."""

    memory_id: str
    status: ExtractionStatus
    at: datetime
    facts: int = 0
    error: str | None = None
    attempts: int = 1


def entity_id(key: str) -> str:
    """The deterministic id of the entity whose normalised name is `key`."""
    return str(uuid.uuid5(ENTITY_NAMESPACE, key))


__all__ = [
    "MAX_TERM_BYTES",
    "Candidate",
    "Close",
    "Entity",
    "ExtractionRecord",
    "ExtractionStatus",
    "Fact",
    "FactBatchResult",
    "FactHit",
    "FactInput",
    "FactOutcome",
    "FactPosition",
    "FactQuery",
    "FactResult",
    "FactSnapshot",
    "FactWrite",
    "FactWriter",
    "Relation",
    "RelationExpiry",
    "RelationRepairs",
    "StoredRelation",
    "Supersession",
    "entity_id",
]
