"""Recall and search over GraphQL (merged into the Query type by `build_schema`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry

from schema import Category, MemoryStatus, RetentiaError
from service.api.context import Context
from service.api.types import errors
from service.api.types.enums import CategoryEnum, MemoryStatusEnum
from service.api.types.errors import (
    ForbiddenError,
    InvalidInputError,
    UnauthenticatedError,
)
from service.api.types.recall import IntentEnum, RecallType, Verbosity
from service.usecases.auth import Permission
from service.usecases.recall import (
    LEGS,
    TERMS,
    Intent,
    RecallFailed,
    RecallRequest,
    SearchFilters,
    search,
)

Info = strawberry.Info[Context, None]


@strawberry.type(
    name="RecallUnavailable",
    description="Every recall leg failed (each leg's error is named); nothing was returned.",
)
class RecallUnavailableError:
    message: str


RecallResult = Annotated[
    RecallType | InvalidInputError | RecallUnavailableError | ForbiddenError | UnauthenticatedError,
    strawberry.union("RecallResult"),
]


def _names(values: list[str] | None, allowed: tuple[str, ...], field: str) -> frozenset[str]:
    from schema import InvalidInput

    if values is None:
        return frozenset(allowed)
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise InvalidInput(field, f"unknown {field} {unknown}; choose from {list(allowed)}")
    return frozenset(values)


@strawberry.type
class RecallQuery:
    @strawberry.field(
        description="Hybrid recall: vector, full-text, fact and graph legs fused by rank, "
        "masked by intent (current by default; historical for 'used to / before / "
        "previously'; audit) and instant (`asOf`), ranked by the engine. Hits are reactivated "
        "unless `readOnly`. `degraded` names legs that failed. `legs` / `disabledTerms` switch "
        "legs on and ranking terms off (for diagnosis)."
    )
    async def recall(
        self,
        info: Info,
        query: str,
        k: int = 10,
        intent: IntentEnum | None = None,  # type: ignore[valid-type]
        as_of: datetime | None = None,
        read_only: bool = False,
        verbosity: Verbosity = Verbosity.FULL,
        legs: list[str] | None = None,
        disabled_terms: list[str] | None = None,
    ) -> RecallResult:
        try:
            tenant = info.context.require(Permission.PROJECT_READ).tenant()
            service = info.context.services.recall
            result = await service.recall(
                tenant,
                RecallRequest(
                    query=query,
                    k=k,
                    intent=None if intent is None else Intent(intent),
                    as_of=as_of,
                    read_only=read_only,
                    legs=_names(legs, LEGS, "legs"),
                    terms=frozenset(TERMS) - _names(disabled_terms or [], TERMS, "terms"),
                ),
            )
        except RecallFailed as e:
            return RecallUnavailableError(message=str(e))
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return RecallType.from_domain(result, service.engine, verbosity is Verbosity.CONCISE)

    @strawberry.field(
        description="Read-only hybrid search with filters (status, category, entity, since, "
        "activeSince); an empty query enumerates the matching memories by recency."
    )
    async def search(
        self,
        info: Info,
        query: str = "",
        status: list[MemoryStatusEnum] | None = None,  # type: ignore[valid-type]
        category: list[CategoryEnum] | None = None,  # type: ignore[valid-type]
        entity: str | None = None,
        since: datetime | None = None,
        active_since: datetime | None = None,
        limit: int = 20,
        verbosity: Verbosity = Verbosity.FULL,
    ) -> RecallResult:
        try:
            tenant = info.context.require(Permission.PROJECT_READ).tenant()
            service = info.context.services.recall
            filters = SearchFilters(
                statuses=None if status is None else frozenset(MemoryStatus(s) for s in status),
                categories=None if category is None else frozenset(Category(c) for c in category),
                entity=entity,
                since=since,
                active_since=active_since,
            )
            result = await search(service, tenant, query, filters, limit)
        except RecallFailed as e:
            return RecallUnavailableError(message=str(e))
        except RetentiaError as e:
            return errors.invalid_or_denied(e)
        return RecallType.from_domain(result, service.engine, verbosity is Verbosity.CONCISE)
