"""Recall and search."""

from __future__ import annotations

from datetime import datetime

import strawberry

from schema.values import check_optional_instant
from service.api.errors import maps_errors
from service.api.resolvers._common import READ, Info
from service.api.types.context import ContextType
from service.api.types.enums import Category, Intent, MemoryStatus
from service.api.types.recall import Leg, RecallType, SwitchableTerm, Verbosity
from service.api.types.results import ContextResult, RecallResult
from service.usecases.context import MAX_BUDGET, MIN_BUDGET, ContextRequest
from service.usecases.recall import LEGS, TERMS, RecallRequest, SearchFilters


@strawberry.type
class RecallQuery:
    @strawberry.field(
        description="Hybrid recall: vector, full-text, fact and graph legs fused by rank, "
        "masked by intent (current by default; historical for 'used to / before / "
        "previously'; audit) and instant (`asOf`), ranked by the engine. Hits are reactivated "
        "unless `readOnly`. `degraded` names legs that failed. `legs` / `disabledTerms` switch "
        "legs on and ranking terms off (for diagnosis)."
    )
    @maps_errors
    async def recall(
        self,
        info: Info,
        query: str,
        k: int = 10,
        intent: Intent | None = None,
        as_of: datetime | None = None,
        read_only: bool = False,
        verbosity: Verbosity = Verbosity.FULL,
        legs: list[Leg] | None = None,
        disabled_terms: list[SwitchableTerm] | None = None,
    ) -> RecallResult:
        tenant = info.context.require(READ).tenant()
        service = info.context.services.recall
        result = await service.recall(
            tenant,
            RecallRequest(
                query=query,
                k=k,
                intent=intent,
                as_of=check_optional_instant("asOf", as_of),
                read_only=read_only,
                legs=frozenset(LEGS) if legs is None else frozenset(leg.value for leg in legs),
                terms=frozenset(TERMS) - {term.value for term in disabled_terms or ()},
            ),
        )
        return RecallType.from_domain(result, verbosity is Verbosity.CONCISE)

    @strawberry.field(
        description="A ready-to-paste context block for an answering model and its parts: the "
        "current facts matching the query, what changed in them, core identity and the "
        f"relevant memories with dates and sessions, within `budget` tokens ({MIN_BUDGET}–"
        f"{MAX_BUDGET}) counted by a real tokenizer; items are never cut, and the order and "
        "what was dropped are explained. Read-only."
    )
    @maps_errors
    async def context(
        self,
        info: Info,
        query: str,
        budget: int = 1024,
        intent: Intent | None = None,
        as_of: datetime | None = None,
    ) -> ContextResult:
        tenant = info.context.require(READ).tenant()
        block = await info.context.services.context.context(
            tenant,
            ContextRequest(
                query=query,
                budget=budget,
                intent=intent,
                as_of=check_optional_instant("asOf", as_of),
            ),
        )
        return ContextType.from_domain(block)

    @strawberry.field(
        description="Read-only hybrid search with filters (status, category, entity, since, "
        "activeSince); an empty query enumerates the matching memories by recency."
    )
    @maps_errors
    async def search(
        self,
        info: Info,
        query: str = "",
        status: list[MemoryStatus] | None = None,
        category: list[Category] | None = None,
        entity: str | None = None,
        since: datetime | None = None,
        active_since: datetime | None = None,
        limit: int = 20,
        verbosity: Verbosity = Verbosity.FULL,
    ) -> RecallResult:
        tenant = info.context.require(READ).tenant()
        service = info.context.services.recall
        filters = SearchFilters(
            statuses=None if status is None else frozenset(status),
            categories=None if category is None else frozenset(category),
            entity=entity,
            since=check_optional_instant("since", since),
            active_since=check_optional_instant("activeSince", active_since),
        )
        result = await service.search(tenant, query, filters, limit)
        return RecallType.from_domain(result, verbosity is Verbosity.CONCISE)
