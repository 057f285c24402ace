"""Core memories: list them and the candidates awaiting approval, read and set the tenant's
core preferences, approve candidates."""

from __future__ import annotations

from typing import Annotated

import strawberry

from service.api.errors import maps_errors
from service.api.limits import check_page
from service.api.resolvers._common import READ, WRITE, Info, id_list
from service.api.types.enums import Category
from service.api.types.memory import MemoryType
from service.api.types.memory_page import MemoryConnection, memory_position
from service.api.types.reports import CorePreferencesType
from service.api.types.results import (
    CorePreferencesResult,
    IdList,
    IdsResult,
    MemoriesResult,
    MemoryList,
    MemoryPageResult,
)
from service.usecases.auth import Permission
from service.usecases.core_preferences import preferences


@strawberry.type
class CoreQuery:
    @strawberry.field(
        description="Memories with status core, newest first (by createdAt, then id), `first` "
        "at a time: pass `pageInfo.endCursor` as `after` for the next page."
    )
    @maps_errors
    async def core_memories(
        self,
        info: Info,
        first: int = 100,
        after: str | None = None,
        limit: Annotated[
            int | None, strawberry.argument(deprecation_reason="Use `first` (and `after`).")
        ] = None,
    ) -> MemoryPageResult:
        tenant = info.context.require(READ).tenant()
        argument, size = ("first", first) if limit is None else ("limit", limit)
        size = check_page("coreMemories", argument, size)
        memories = await info.context.services.core.list_core(
            tenant, size + 1, memory_position("coreMemories", after)
        )
        return MemoryConnection.from_domain(memories, size, "coreMemories")

    @strawberry.field(
        description="Memories that reached core promotion in a category that "
        "needs approval (see setCorePreferences)."
    )
    @maps_errors
    async def core_candidates(self, info: Info) -> IdsResult:
        tenant = info.context.require(READ).tenant()
        ids = await info.context.services.core.candidates(tenant)
        return IdList(ids=[strawberry.ID(i) for i in ids])

    @strawberry.field(description="The tenant's core preferences.")
    @maps_errors
    async def core_preferences(self, info: Info) -> CorePreferencesResult:
        tenant = info.context.require(Permission.CONFIGURATION_READ).tenant()
        prefs = await info.context.services.core.get_preferences(tenant)
        return CorePreferencesType.from_domain(prefs)


@strawberry.type
class CoreMutation:
    @strawberry.mutation(
        description="Set the tenant's core preferences (a category may be in one list at most)."
    )
    @maps_errors
    async def set_core_preferences(
        self,
        info: Info,
        auto: list[Category] | None = None,
        approval: list[Category] | None = None,
        excluded: list[Category] | None = None,
    ) -> CorePreferencesResult:
        tenant = info.context.require(Permission.CONFIGURATION_WRITE).tenant()
        prefs = preferences(
            [str(c) for c in auto or ()],
            [str(c) for c in approval or ()],
            [str(c) for c in excluded or ()],
        )
        saved = await info.context.services.core.set_preferences(tenant, prefs)
        return CorePreferencesType.from_domain(saved)

    @strawberry.mutation(description="Promote memories to core by hand (e.g. approved candidates).")
    @maps_errors
    async def approve_core(self, info: Info, ids: list[strawberry.ID]) -> MemoriesResult:
        tenant = info.context.require(WRITE).tenant()
        memories = await info.context.services.core.approve(tenant, id_list(ids))
        return MemoryList(memories=[MemoryType.from_domain(m) for m in memories])
