"""Forgotten memories: listed, and restored by id or by the pass that forgot them."""

from __future__ import annotations

from datetime import datetime

import strawberry

from schema.values import check_optional_instant
from service.api.errors import maps_errors
from service.api.limits import check_count, check_page
from service.api.resolvers._common import MANAGE, READ, Info
from service.api.types.forgotten import (
    ForgottenMemoryConnection,
    RestorationType,
    forgotten_position,
)
from service.api.types.results import ForgottenPageResult, RestorationResult


@strawberry.type
class ForgottenQuery:
    @strawberry.field(
        description="The memories maintenance forgot and keeps, in id order, a page at a time "
        "(pass `pageInfo.endCursor` as `after`): out of every read of the present, "
        "restorable with restoreForgotten until purged after the retention period."
    )
    @maps_errors
    async def forgotten_memories(
        self, info: Info, first: int = 100, after: str | None = None
    ) -> ForgottenPageResult:
        tenant = info.context.require(READ).tenant()
        check_page("forgottenMemories", "first", first)
        services = info.context.services
        kept = await services.forgotten.page(
            tenant, first=first + 1, after=forgotten_position(after)
        )
        return ForgottenMemoryConnection.from_domain(
            kept, first, services.memories.engine.forgotten_retention_days
        )


@strawberry.type
class ForgottenMutation:
    @strawberry.mutation(
        description="Bring forgotten memories back to the present: those named by `ids`, and "
        "every one the maintenance pass at `forgottenAt` forgot. Each comes back as it was "
        "forgotten, with the edges whose other end is present and the facts it asserted; its "
        "forgetting and dormancy clocks restart now."
    )
    @maps_errors
    async def restore_forgotten(
        self,
        info: Info,
        ids: list[strawberry.ID] | None = None,
        forgotten_at: datetime | None = None,
    ) -> RestorationResult:
        tenant = info.context.require(MANAGE).tenant()
        named = [str(i) for i in ids or ()]
        check_count("ids", named)
        done = await info.context.services.forgotten.restore(
            tenant, named, forgotten_at=check_optional_instant("forgottenAt", forgotten_at)
        )
        return RestorationType.from_domain(done)
