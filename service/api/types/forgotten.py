"""Forgotten memories as the API shows them: kept out of the present, restorable until purged
(docs/adr/0032)."""

from __future__ import annotations

from datetime import datetime, timedelta

import strawberry

from schema import ForgottenMemory
from service.api import cursors
from service.api.types.edge import MemoryEdgeType
from service.api.types.memory import MemoryType
from service.api.types.page_info import PageInfo
from service.usecases.forgotten import Restoration

KIND = "forgottenMemories"


@strawberry.type(name="ForgottenMemory")
class ForgottenMemoryType:
    id: strawberry.ID
    forgotten_at: datetime = strawberry.field(
        description="When the maintenance pass forgot it: the pass's instant (restore the whole "
        "pass with restoreForgotten(forgottenAt: …))."
    )
    purge_after: datetime | None = strawberry.field(
        description="From this instant a maintenance pass deletes it for good "
        "(RETENTIA_ENGINE__FORGOTTEN_RETENTION_DAYS); null when forgotten memories are kept "
        "for ever (0)."
    )
    reason: str = strawberry.field(description="Each forgetting condition, as the pass found it.")
    memory: MemoryType = strawberry.field(description="The memory as the pass left it.")
    edges: list[MemoryEdgeType] = strawberry.field(
        description="Its edges when it was forgotten; a restore links again those whose other "
        "end is in the present."
    )
    facts: list[strawberry.ID] = strawberry.field(description="The facts it asserted.")

    @classmethod
    def from_domain(cls, kept: ForgottenMemory, retention_days: float) -> ForgottenMemoryType:
        return cls(
            id=strawberry.ID(kept.id),
            forgotten_at=kept.forgotten_at,
            purge_after=None
            if retention_days <= 0
            else kept.forgotten_at + timedelta(days=retention_days),
            reason=kept.reason,
            memory=MemoryType.from_domain(kept.memory),
            edges=[MemoryEdgeType.from_domain(e) for e in kept.edges],
            facts=[strawberry.ID(f) for f in kept.facts],
        )


def forgotten_position(cursor: str | None) -> str | None:
    """The id a `forgottenMemories` cursor stands after (None: the first page)."""
    if cursor is None:
        return None
    (memory_id,) = cursors.decode(cursor, KIND, "", (str,))
    return str(memory_id)


@strawberry.type
class ForgottenMemoryConnection:
    nodes: list[ForgottenMemoryType]
    page_info: PageInfo

    @classmethod
    def from_domain(
        cls, kept: list[ForgottenMemory], first: int, retention_days: float
    ) -> ForgottenMemoryConnection:
        page = kept[:first]
        return cls(
            nodes=[ForgottenMemoryType.from_domain(k, retention_days) for k in page],
            page_info=PageInfo(
                has_next_page=len(kept) > first,
                end_cursor=cursors.encode(KIND, "", [page[-1].id]) if page else None,
            ),
        )


@strawberry.type(name="Restoration")
class RestorationType:
    restored: list[strawberry.ID] = strawberry.field(
        description="The memories back in the present (stored as they were forgotten; their "
        "forgetting and dormancy clocks restart now)."
    )
    not_found: list[strawberry.ID] = strawberry.field(
        description="Named ids that are not among the forgotten memories (never forgotten, "
        "restored already, purged or erased)."
    )
    edges: int = strawberry.field(description="Edges linked again.")
    facts: int = strawberry.field(description="Fact assertions linked again.")

    @classmethod
    def from_domain(cls, done: Restoration) -> RestorationType:
        return cls(
            restored=[strawberry.ID(i) for i in done.restored],
            not_found=[strawberry.ID(i) for i in done.not_found],
            edges=done.edges,
            facts=done.facts,
        )
