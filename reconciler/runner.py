"""`retentia reconcile`: one pass over every tenant (or a loop, every 5 minutes by default).

Each tenant's pass runs under a lease (a `Lease` node in the tenant's graph, taken atomically),
renewed before every batch; a second runner finds the lease held and skips the tenant, so two
runners never apply the same batch twice. A dry run plans and reports without writing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Final

from graph_backends import Backend, lease_owner
from reconciler import metrics
from reconciler.apply import apply_plan
from reconciler.plan import plan
from schema import Tenant

log = logging.getLogger(__name__)

LEASE_NAME: Final = "reconciler"
#: How long a lease lasts without renewal; a crashed runner's lease frees itself after this.
LEASE_TTL: Final = timedelta(seconds=120)
DEFAULT_INTERVAL_S: Final = 300.0


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    tenant: str
    #: applied | dry_run | lease_held
    result: str
    facts_expired: int = 0
    edges_created: int = 0
    edges_updated: int = 0
    edges_expired: int = 0
    batches: int = 0
    #: Plan steps: fact expiries, edge upserts (creations or repoints) and edge expiries.
    planned: int = 0
    planned_fact_expiries: int = 0
    planned_upserts: int = 0
    planned_expiries: int = 0
    seconds: float = 0.0

    @property
    def repairs(self) -> int:
        return self.edges_created + self.edges_updated + self.edges_expired

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "repairs": self.repairs}


class Reconciler:
    def __init__(
        self,
        repository: Backend,
        clock: Callable[[], datetime],
        *,
        owner: str | None = None,
    ) -> None:
        self._repository = repository
        self._clock = clock
        self.owner = owner or lease_owner()

    async def reconcile(self, tenant: Tenant, *, dry_run: bool = False) -> ReconcileReport:
        started = time.perf_counter()
        now = self._clock()
        repo = self._repository
        if not dry_run and not await repo.acquire_lease(
            tenant, LEASE_NAME, self.owner, now, LEASE_TTL
        ):
            metrics.RECONCILER_PASSES.labels("lease_held").inc()
            return ReconcileReport(str(tenant), "lease_held")
        try:
            await repo.ensure_fact_schema(tenant)
            active = await repo.active_state_facts(tenant)
            open_edges = await repo.open_relations(tenant, now)
            known = {f.id for f in active}
            missing = sorted({e.fact_id for e in open_edges} - known)
            fetched = await repo.get_facts(tenant, missing)
            by_id = {f.id: f for f in active} | {f.id: f for f in fetched if f is not None}
            diff = plan(active, open_edges, by_id, now)
            if dry_run:
                metrics.RECONCILER_PASSES.labels("dry_run").inc()
                return ReconcileReport(
                    str(tenant),
                    "dry_run",
                    planned=diff.size,
                    planned_fact_expiries=len(diff.fact_expiries),
                    planned_upserts=len(diff.upserts),
                    planned_expiries=len(diff.expiries),
                    seconds=time.perf_counter() - started,
                )

            async def renew() -> bool:
                return await repo.acquire_lease(
                    tenant, LEASE_NAME, self.owner, self._clock(), LEASE_TTL
                )

            expired, repairs, batches = await apply_plan(
                repo, tenant, diff, now, before_batch=renew
            )
        finally:
            if not dry_run:
                await repo.release_lease(tenant, LEASE_NAME, self.owner)
        metrics.RECONCILER_PASSES.labels("applied").inc()
        metrics.FACTS_EXPIRED.inc(expired)
        for kind, count in (
            ("created", repairs.created),
            ("updated", repairs.updated),
            ("expired", repairs.expired),
        ):
            metrics.EDGE_SYNC_REPAIRS.labels(kind).inc(count)
        return ReconcileReport(
            str(tenant),
            "applied",
            facts_expired=expired,
            edges_created=repairs.created,
            edges_updated=repairs.updated,
            edges_expired=repairs.expired,
            batches=batches,
            planned=diff.size,
            planned_fact_expiries=len(diff.fact_expiries),
            planned_upserts=len(diff.upserts),
            planned_expiries=len(diff.expiries),
            seconds=time.perf_counter() - started,
        )

    async def run_once(
        self, tenants: Sequence[Tenant] | None = None, *, dry_run: bool = False
    ) -> list[ReconcileReport]:
        chosen = (
            list(tenants)
            if tenants is not None
            else [t for t in await self._repository.list_tenants() if not t.system]
        )
        reports = []
        for tenant in chosen:
            report = await self.reconcile(tenant, dry_run=dry_run)
            log.info("reconciled %s: %s", tenant, report.as_dict())
            reports.append(report)
        return reports

    async def run_forever(
        self,
        interval_s: float = DEFAULT_INTERVAL_S,
        *,
        on_pass: Callable[[list[ReconcileReport]], None] | None = None,
    ) -> None:
        while True:
            try:
                reports = await self.run_once()
                if on_pass is not None:
                    on_pass(reports)
            except Exception:  # one bad pass must not stop the loop; the next one retries
                log.exception("reconciler pass failed")
            await asyncio.sleep(interval_s)
