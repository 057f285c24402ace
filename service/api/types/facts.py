"""Fact layer types: facts, their per-item write results, entities and extraction records."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

import strawberry

from schema.facts import (
    Entity,
    ExtractionRecord,
    Fact,
    FactBatchResult,
    FactPosition,
    FactResult,
)
from service.api import cursors
from service.api.types.enums import (
    Category,
    ExtractionStatus,
    FactOutcome,
    FactState,
    FactWriter,
)
from service.api.types.page_info import PageInfo


@strawberry.input(
    description="One subject–predicate–object assertion. Validated on its own: a bad fact is an "
    "error result and never costs the batch its good facts."
)
class FactInput:
    subject: str
    predicate: str
    object: str
    category: Category = Category.OTHER
    confidence: float = 1.0
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    event_time: datetime | None = strawberry.field(
        default=None, description="The event an obligation or logistical fact is about."
    )
    functional: bool | None = strawberry.field(
        default=None,
        description="True: the predicate holds one value at a time. Unset: the category and the "
        "registered functional predicates decide.",
    )
    object_is_entity: bool | None = strawberry.field(
        default=None, description="Unset: a proper name (every word capitalised) is an entity."
    )
    source_id: strawberry.ID | None = strawberry.field(
        default=None, description="The memory asserting the fact."
    )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "subject": self.subject,
            "predicate": self.predicate,
            "object": self.object,
            "category": self.category,
            "confidence": self.confidence,
            "valid_from": self.valid_from,
            "valid_to": self.valid_to,
            "event_time": self.event_time,
            "functional": self.functional,
            "object_is_entity": self.object_is_entity,
            "source": None if self.source_id is None else str(self.source_id),
        }
        return {k: v for k, v in data.items() if v is not None}


@strawberry.type(name="Fact")
class FactType:
    id: strawberry.ID
    subject: str
    predicate: str
    object: str
    state: FactState
    valid_from: datetime | None
    valid_to: datetime | None
    recorded_at: datetime
    invalid_at: datetime | None
    superseded_by: strawberry.ID | None
    soft_conflict_with: list[strawberry.ID]
    category: Category
    confidence: float
    event_time: datetime | None
    source_id: strawberry.ID | None
    writer: FactWriter
    single_valued: bool
    subject_entity_id: strawberry.ID
    object_entity_id: strawberry.ID | None

    @classmethod
    def from_domain(cls, fact: Fact) -> FactType:
        return cls(
            id=strawberry.ID(fact.id),
            subject=fact.subject,
            predicate=fact.predicate,
            object=fact.object,
            state=fact.state,
            valid_from=fact.valid_from,
            valid_to=fact.valid_to,
            recorded_at=fact.recorded_at,
            invalid_at=fact.invalid_at,
            superseded_by=None if fact.superseded_by is None else strawberry.ID(fact.superseded_by),
            soft_conflict_with=[strawberry.ID(i) for i in fact.soft_conflict_with],
            category=fact.category,
            confidence=fact.confidence,
            event_time=fact.event_time,
            source_id=None if fact.source is None else strawberry.ID(fact.source),
            writer=fact.writer,
            single_valued=fact.single_valued,
            subject_entity_id=strawberry.ID(fact.subject_entity),
            object_entity_id=None
            if fact.object_entity is None
            else strawberry.ID(fact.object_entity),
        )


@strawberry.type(name="FactResult", description="What happened to one input fact.")
class FactResultType:
    index: int
    outcome: FactOutcome
    fact_id: strawberry.ID | None
    others: list[strawberry.ID] = strawberry.field(
        description="Facts closed (superseded), stood beside (softConflict) or already "
        "recorded (skipped)."
    )
    field: str | None
    reason: str | None

    @classmethod
    def from_domain(cls, result: FactResult) -> FactResultType:
        return cls(
            index=result.index,
            outcome=result.outcome,
            fact_id=None if result.fact_id is None else strawberry.ID(result.fact_id),
            others=[strawberry.ID(i) for i in result.others],
            field=result.field,
            reason=result.reason,
        )


@strawberry.type(name="FactBatch", description="One result per input fact, and the counts.")
class FactBatchType:
    results: list[FactResultType]
    inserted: int
    superseded: int
    skipped: int
    soft_conflicts: int
    errors: int

    @classmethod
    def from_domain(cls, batch: FactBatchResult) -> FactBatchType:
        return cls(
            results=[FactResultType.from_domain(r) for r in batch.results],
            inserted=batch.inserted,
            superseded=batch.superseded,
            skipped=batch.skipped,
            soft_conflicts=batch.soft_conflicts,
            errors=batch.errors,
        )


@strawberry.type(name="Entity")
class EntityType:
    id: strawberry.ID
    name: str
    key: str = strawberry.field(description="The normalised name identity is built from.")
    history: list[FactType] = strawberry.field(
        description="Every fact about the entity (subject or object), oldest first."
    )

    @classmethod
    def from_domain(cls, entity: Entity, history: list[Fact]) -> EntityType:
        return cls(
            id=strawberry.ID(entity.id),
            name=entity.name,
            key=entity.key,
            history=[FactType.from_domain(f) for f in history],
        )


@strawberry.type(name="FactExtraction", description="LLM fact extraction for one memory.")
class ExtractionType:
    status: ExtractionStatus
    at: datetime
    facts: int
    error: str | None
    attempts: int

    @classmethod
    def from_domain(cls, record: ExtractionRecord) -> ExtractionType:
        return cls(
            status=record.status,
            at=record.at,
            facts=record.facts,
            error=record.error,
            attempts=record.attempts,
        )


#: The fact lists a cursor may belong to.
FactListKind = Literal["facts", "factHistory"]


def fact_cursor(kind: FactListKind, scope: str, fact: Fact) -> str:
    position = FactPosition.of(fact)
    keys = [cursors.instant_key(position.started_at), cursors.instant_key(position.recorded_at)]
    return cursors.encode(kind, scope, [*keys, position.id])


def fact_position(kind: FactListKind, scope: str, cursor: str | None) -> FactPosition | None:
    """The position a fact list's `after` cursor stands for (None: the first page)."""
    if cursor is None:
        return None
    started, recorded, fact_id = cursors.decode(cursor, kind, scope, (int, int, str))
    return FactPosition(cursors.instant(int(started)), cursors.instant(int(recorded)), str(fact_id))


@strawberry.type(description="A page of facts: pass `pageInfo.endCursor` as `after` for the next.")
class FactList:
    nodes: list[FactType]
    page_info: PageInfo

    @strawberry.field(deprecation_reason="Use `nodes` (the same facts).")
    def facts(self) -> list[FactType]:
        return self.nodes

    @classmethod
    def from_domain(
        cls, facts: Sequence[Fact], first: int, kind: FactListKind, scope: str
    ) -> FactList:
        """The first `first` of `facts` (read as `first + 1`, so one more says a page follows)."""
        page = facts[:first]
        return cls(
            nodes=[FactType.from_domain(f) for f in page],
            page_info=PageInfo(
                has_next_page=len(facts) > first,
                end_cursor=fact_cursor(kind, scope, page[-1]) if page else None,
            ),
        )


@strawberry.type
class PredicateList:
    predicates: list[str] = strawberry.field(description="The tenant's registered list.")
    closed: list[FactType] = strawberry.field(
        default_factory=list,
        description="Stored facts the registration closed (in a dry run: would close): each "
        "subject's slot of a newly single-valued predicate keeps its newest value.",
    )
    dry_run: bool = False
