"""The one door for every write a surface makes (GraphQL, MCP, the CLI): a store with its facts
and an idempotency key, a delete that retracts the facts only those memories asserted, a fact
batch under a key. A surface holds this and the read views of `service.usecases.reads`, never
the services behind them, so a new surface cannot skip a key, a store's facts or their metrics
by calling `MemoryService.store` itself.

Each verb is the same call with or without an idempotency key (`IdempotentWrites`: without
one it is the plain use case).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graph_backends import IdempotencyRepository
from schema import Memory, Tenant
from schema.facts import Fact
from service.usecases.deletion import DeletionService
from service.usecases.facts import FactService, FaultHook, FunctionalRegistration
from service.usecases.idempotency import Clock, IdempotencyPolicy, IdempotentWrites
from service.usecases.memories import (
    DeleteReport,
    MemoryService,
)
from service.usecases.store import StoreService


class Writes(IdempotentWrites):
    """Memories and facts written as every surface writes them: the writes that take an
    idempotency key (`IdempotentWrites`: store, store each, amend, link, ingest facts — without
    a key each is the plain use case), and those below, each safe to send again as it is."""

    def __init__(
        self,
        repository: IdempotencyRepository,
        memories: MemoryService,
        stores: StoreService,
        facts: FactService,
        clock: Clock,
        policy: IdempotencyPolicy | None = None,
        *,
        deletion: DeletionService,
        fault: FaultHook | None = None,
    ) -> None:
        super().__init__(repository, memories, stores, facts, clock, policy, fault=fault)
        self._deletion = deletion

    # -- without a key (each safe to send again as it is) ------------------------------------

    async def delete(self, tenant: Tenant, ids: Sequence[str]) -> DeleteReport:
        """Memories with their edges, and the facts only they asserted retracted
        (`service.usecases.deletion`)."""
        return await self._deletion.delete(tenant, ids)

    async def set_pinned(self, tenant: Tenant, ids: Sequence[str], pinned: bool) -> list[Memory]:
        return await self._memories.set_pinned(tenant, ids, pinned)

    async def promote_to_org(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory]:
        return await self._memories.promote_to_org(tenant, ids)

    async def retract_fact(self, tenant: Tenant, fact_id: str, at: datetime | None = None) -> Fact:
        """`FactService.retract`: the fact leaves `at` (now) and every later instant."""
        return await self._facts.retract(tenant, fact_id, at)

    async def register_functional(
        self, tenant: Tenant, predicates: Sequence[str], *, dry_run: bool = False
    ) -> FunctionalRegistration:
        """`FactService.register_functional`: predicates made single-valued for the tenant."""
        return await self._facts.register_functional(tenant, predicates, dry_run=dry_run)
