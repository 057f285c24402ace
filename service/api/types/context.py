"""The context block (ADR 0029)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from service.api.types.enums import Intent
from service.usecases.context import ContextBlock, ContextItem


@strawberry.enum(description="What a context item states.")
class ContextItemKind(Enum):
    FACT = "fact"
    CHANGE = "change"
    IDENTITY = "identity"
    MEMORY = "memory"


@strawberry.type(name="ContextItem")
class ContextItemType:
    kind: ContextItemKind
    id: strawberry.ID = strawberry.field(description="The fact or memory the line states.")
    text: str = strawberry.field(
        description="The line as the block shows it (under its heading, if it has one)."
    )
    tokens: int = strawberry.field(description="Tokens of the line alone, bullet included.")
    position: int = strawberry.field(description="0-based place in the fill order.")
    source_id: strawberry.ID | None = strawberry.field(
        description="The memory a fact or change was stated in, when there is one."
    )
    at: datetime | None = strawberry.field(
        description="A fact's start, a change's end, a memory's creation."
    )
    heading: str | None = strawberry.field(
        description=(
            "The heading the line sits under in the block: a memory's date and session, "
            "written once for the memories that share it. Null for a fact or a change."
        )
    )

    @classmethod
    def from_domain(cls, item: ContextItem) -> ContextItemType:
        return cls(
            kind=ContextItemKind(item.kind),
            id=strawberry.ID(item.id),
            text=item.text,
            tokens=item.tokens,
            position=item.position,
            source_id=None if item.source is None else strawberry.ID(item.source),
            at=item.at,
            heading=item.heading,
        )


@strawberry.type(description="An item left out of the block, and why.")
class DroppedContextItem:
    item: ContextItemType
    reason: str


@strawberry.type(name="Context")
class ContextType:
    query: str
    intent: Intent
    as_of: datetime
    budget: int
    text: str = strawberry.field(description="The ready-to-paste block.")
    tokens: int = strawberry.field(description="Tokens of `text`, never above `budget`.")
    tokenizer: str = strawberry.field(description="The tokenizer.json the tokens are counted by.")
    items: list[ContextItemType] = strawberry.field(description="What the block holds, in order.")
    dropped: list[DroppedContextItem] = strawberry.field(
        description="What did not fit, in fill order, each with its reason."
    )
    order: str = strawberry.field(description="How the items were ordered and cut.")

    @classmethod
    def from_domain(cls, block: ContextBlock) -> ContextType:
        return cls(
            query=block.query,
            intent=block.intent,
            as_of=block.at,
            budget=block.budget,
            text=block.text,
            tokens=block.tokens,
            tokenizer=block.tokenizer,
            items=[ContextItemType.from_domain(i) for i in block.items],
            dropped=[
                DroppedContextItem(item=ContextItemType.from_domain(d.item), reason=d.reason)
                for d in block.dropped
            ],
            order=block.order,
        )
