"""Analytics of the request's tenant: its causal structure, lifecycle and fact churn."""

from __future__ import annotations

from typing import Annotated

import strawberry

from service.api.errors import maps_errors
from service.api.resolvers._common import READ, Info
from service.api.types.analytics import (
    AnalyticsResult,
    AnalyticsType,
    WhyPathResult,
    WhyPathType,
)


@strawberry.type
class AnalyticsQuery:
    @strawberry.field(
        description="Causal hubs, load-bearing memories, chains, communities, cycles, "
        "components, orphans, lifecycle by month and fact churn of the tenant, computed on a "
        "bounded export of its edges (beyond RETENTIA_ENGINE__ANALYTICS_MAX_EDGES: "
        "InvalidInput naming the bound)."
    )
    @maps_errors
    async def analytics(self, info: Info) -> AnalyticsResult:
        tenant = info.context.require(READ).tenant()
        return AnalyticsType.from_domain(await info.context.services.analytics.report(tenant))

    @strawberry.field(description="The shortest causal chain from one memory to another.")
    @maps_errors
    async def why_path(
        self,
        info: Info,
        cause: Annotated[strawberry.ID, strawberry.argument(name="from")],
        effect: Annotated[strawberry.ID, strawberry.argument(name="to")],
    ) -> WhyPathResult:
        tenant = info.context.require(READ).tenant()
        path = await info.context.services.analytics.why_path(tenant, str(cause), str(effect))
        return WhyPathType(memory_ids=[strawberry.ID(m) for m in path], found=bool(path))
