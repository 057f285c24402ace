"""Write a reconcile plan in idempotent batches (each step re-checks what it changes, so a
batch applied twice changes nothing the second time)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Final

from graph_backends import Backend
from reconciler.plan import ReconcilePlan
from schema import Tenant
from schema.facts import Close, Relation, RelationExpiry, RelationRepairs

#: Plan steps written per batch.
BATCH_SIZE: Final = 200


async def apply_plan(
    repository: Backend,
    tenant: Tenant,
    plan: ReconcilePlan,
    now: datetime,
    *,
    before_batch: Callable[[], Awaitable[bool]] | None = None,
) -> tuple[int, RelationRepairs, int]:
    """Apply `plan`; returns (facts expired, edge repairs, batches written). `before_batch`
    may stop the pass (a lost lease) by returning False."""
    steps: list[Close | RelationExpiry | Relation] = [
        *plan.fact_expiries,
        *plan.expiries,
        *plan.upserts,
    ]
    facts_expired = 0
    repairs = RelationRepairs()
    batches = 0
    for start in range(0, len(steps), BATCH_SIZE):
        if before_batch is not None and not await before_batch():
            break
        batch = steps[start : start + BATCH_SIZE]
        closes = [s for s in batch if isinstance(s, Close)]
        expiries = [s for s in batch if isinstance(s, RelationExpiry)]
        upserts = [s for s in batch if isinstance(s, Relation)]
        if closes:
            facts_expired += await repository.close_facts(tenant, closes)
        if expiries or upserts:
            repairs = repairs + await repository.project_relations(tenant, upserts, expiries, now)
        batches += 1
    return facts_expired, repairs, batches
