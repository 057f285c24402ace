"""Input types of the mutations."""

from __future__ import annotations

from datetime import datetime

import strawberry

from service.api.types.enums import Category, EdgeType, Visibility
from service.api.types.facts import FactInput
from service.usecases.memories import LinkRequest, RelatedEdge, StoreRequest


@strawberry.input
class MetadataInput:
    key: str
    value: str


@strawberry.input(description="An edge from the memory being stored to an existing one.")
class RelatedEdgeInput:
    target_id: strawberry.ID
    type: EdgeType
    weight: float = 1.0
    reason: str | None = None


@strawberry.input
class StoreMemoryInput:
    content: str
    category: Category | None = None
    entities: list[str] = strawberry.field(default_factory=list)
    pinned: bool = False
    visibility: Visibility = Visibility.PRIVATE
    source_session: str | None = None
    event_time: datetime | None = None
    summary: str | None = None
    metadata: list[MetadataInput] = strawberry.field(default_factory=list)
    related: list[RelatedEdgeInput] = strawberry.field(default_factory=list)
    created_at: datetime | None = strawberry.field(
        default=None,
        description="When the memory was formed, for history imported with its own time "
        "(default: now). Ageing, activation, status, forgetting, session order and the edges "
        "it makes all take it as stored then. At most 5 minutes ahead of the service's clock "
        "(RETENTIA_ENGINE__CREATED_AT_MAX_SKEW_SECONDS), not before 1970.",
    )
    facts: list[FactInput] = strawberry.field(
        default_factory=list,
        description="Facts this memory asserts, written through the one supersession path "
        "with the memory as their source.",
    )

    def fact_dicts(self) -> list[dict[str, object]]:
        return [f.to_dict() for f in self.facts]

    def to_request(self) -> StoreRequest:
        return StoreRequest(
            content=self.content,
            category=self.category,
            entities=tuple(self.entities),
            pinned=self.pinned,
            visibility=self.visibility,
            source_session=self.source_session,
            event_time=self.event_time,
            summary=self.summary,
            metadata={m.key: m.value for m in self.metadata},
            created_at=self.created_at,
            related=tuple(
                RelatedEdge(
                    target=str(r.target_id),
                    type=r.type,
                    weight=r.weight,
                    reason=r.reason,
                )
                for r in self.related
            ),
        )


@strawberry.input
class LinkInput:
    source_id: strawberry.ID
    target_id: strawberry.ID
    type: EdgeType
    weight: float = 1.0
    reason: str | None = None

    def to_request(self) -> LinkRequest:
        return LinkRequest(
            source=str(self.source_id),
            target=str(self.target_id),
            type=self.type,
            weight=self.weight,
            reason=self.reason,
        )
