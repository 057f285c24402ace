"""The Memory GraphQL type."""

from __future__ import annotations

from datetime import datetime

import strawberry

from schema import Memory
from service.api.types.connectivity import Connectivity
from service.api.types.enums import Category, MemoryStatus, Visibility
from service.api.types.facts import ExtractionType, FactType


@strawberry.type
class MetadataEntry:
    key: str
    value: str


@strawberry.type(name="Memory")
class MemoryType:
    id: strawberry.ID
    content: str
    summary: str | None
    entities: list[str]
    category: Category
    status: MemoryStatus
    pinned: bool
    visibility: Visibility
    created_at: datetime
    received_at: datetime | None = strawberry.field(
        description="When the service received a memory stored with an earlier createdAt "
        "(imported history); null when it was stored at its creation. Its forgetting and "
        "dormancy clocks start here; ranking and decay read createdAt."
    )
    last_accessed_at: datetime | None
    last_reactivated_at: datetime | None
    reactivation_count: int
    cascade_count: int
    stability: float
    score: float
    event_time: datetime | None
    mentioned_start: datetime | None = strawberry.field(
        description="The start of the window the content's own date expressions name "
        '("yesterday" in a memory created on 8 May: 7 May), resolved against eventTime or '
        "else createdAt; null when they name none. Derived; the temporal recall leg reads it."
    )
    mentioned_end: datetime | None = strawberry.field(
        description="The end (exclusive) of that window."
    )
    source_session: str | None
    superseded_by: strawberry.ID | None
    metadata: list[MetadataEntry]

    @strawberry.field(
        description="κ (causal degree) and δ (supportive degree), computed by "
        "the graph database now."
    )
    async def connectivity(self, info: strawberry.Info) -> Connectivity | None:
        degrees = await info.context.loaders.degrees.load(str(self.id))
        return None if degrees is None else Connectivity.from_domain(degrees)

    @strawberry.field(
        description="LLM fact extraction for this memory (null when none ran), failures included."
    )
    async def fact_extraction(self, info: strawberry.Info) -> ExtractionType | None:
        record = await info.context.loaders.extractions.load(str(self.id))
        return None if record is None else ExtractionType.from_domain(record)

    @strawberry.field(
        description="The facts this memory asserts, in every state (superseded, retracted and "
        "expired included), oldest first."
    )
    async def facts(self, info: strawberry.Info) -> list[FactType]:
        found = await info.context.loaders.asserted_facts.load(str(self.id))
        return [FactType.from_domain(f) for f in found]

    @classmethod
    def from_domain(cls, memory: Memory) -> MemoryType:
        return cls(
            id=strawberry.ID(memory.id),
            content=memory.content,
            summary=memory.summary,
            entities=list(memory.entities),
            category=memory.category,
            status=memory.status,
            pinned=memory.pinned,
            visibility=memory.visibility,
            created_at=memory.created_at,
            received_at=memory.received_at,
            last_accessed_at=memory.last_accessed_at,
            last_reactivated_at=memory.last_reactivated_at,
            reactivation_count=memory.reactivation_count,
            cascade_count=memory.cascade_count,
            stability=memory.stability,
            score=memory.score,
            event_time=memory.event_time,
            mentioned_start=memory.mentioned_start,
            mentioned_end=memory.mentioned_end,
            source_session=memory.source_session,
            superseded_by=None
            if memory.superseded_by is None
            else strawberry.ID(memory.superseded_by),
            metadata=[MetadataEntry(key=k, value=v) for k, v in sorted(memory.metadata.items())],
        )
