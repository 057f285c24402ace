"""Maintenance: one whole pass over the tenant, or consolidation alone."""

from __future__ import annotations

import strawberry

from service.api.errors import maps_errors
from service.api.resolvers._common import MANAGE, Info
from service.api.types.reports import MaintenanceReportType
from service.api.types.results import MaintenanceResult


@strawberry.type
class MaintenanceMutation:
    @strawberry.mutation(
        description="One maintenance pass over the tenant: rescoring, status transitions, "
        "consolidation, core promotion and forgetting. With dryRun nothing is written. A "
        "sweep that would forget more than the guard's share of the project forgets nothing "
        "(forgettingHeld says why) unless allowMassForgetting is true."
    )
    @maps_errors
    async def run_maintenance(
        self, info: Info, dry_run: bool = False, allow_mass_forgetting: bool = False
    ) -> MaintenanceResult:
        tenant = info.context.require(MANAGE).tenant()
        report = await info.context.services.maintenance.maintain(
            tenant, dry_run=dry_run, allow_mass_forgetting=allow_mass_forgetting
        )
        return MaintenanceReportType.from_domain(report)

    @strawberry.mutation(
        description="Consolidation alone: every entity shared by enough episodic memories gets "
        "one semantic memory with DERIVED_FROM edges to them (no rescoring, transitions or "
        "forgetting). Idempotent; with dryRun nothing is written."
    )
    @maps_errors
    async def consolidate(self, info: Info, dry_run: bool = False) -> MaintenanceResult:
        tenant = info.context.require(MANAGE).tenant()
        report = await info.context.services.maintenance.consolidate(tenant, dry_run=dry_run)
        return MaintenanceReportType.from_domain(report)
