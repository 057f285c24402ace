"""The one door for every write a surface makes (GraphQL, MCP, the CLI): a store with its facts
and an idempotency key, a delete that retracts the facts only those memories asserted, a fact
batch under a key. A surface holds this and the read views of `service.usecases.reads`, never
the services behind them, so a new surface cannot skip a key, a store's facts or their metrics
by calling `MemoryService.store` itself.

Each verb is the same call with or without an idempotency key (`IdempotentWrites`: without
one it is the plain use case).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from schema import Memory, MemoryEdge, RetentiaError, Tenant
from schema.facts import Fact, FactBatchResult, FactWriter
from service.usecases.deletion import DeletionService
from service.usecases.facts import FactService, FunctionalRegistration
from service.usecases.idempotency import IdempotentWrites
from service.usecases.memories import (
    DeleteReport,
    LinkRequest,
    MemoryService,
    StoreRequest,
    StoreResult,
)
from service.usecases.store import Stored


class Writes:
    """Memories and facts written as every surface writes them."""

    def __init__(
        self,
        idempotent: IdempotentWrites,
        deletion: DeletionService,
        memories: MemoryService,
        facts: FactService,
    ) -> None:
        self._idempotent = idempotent
        self._deletion = deletion
        self._memories = memories
        self._facts = facts

    # -- under an idempotency key ------------------------------------------------------------

    async def store(
        self,
        tenant: Tenant,
        request: StoreRequest,
        facts: Sequence[Any] = (),
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> Stored:
        """One memory, then its facts (those given and those the configured LLM extracts)."""
        return await self._idempotent.store(tenant, request, facts, key=key, field=field)

    async def store_each(
        self,
        tenant: Tenant,
        items: Sequence[tuple[StoreRequest, Sequence[Any]]],
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> list[Stored | RetentiaError]:
        """Each memory on its own merits, with its facts; a failed item keeps its error."""
        return await self._idempotent.store_each(tenant, items, key=key, field=field)

    async def amend(
        self,
        tenant: Tenant,
        memory_id: str,
        content: str,
        reason: str | None = None,
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> StoreResult:
        """A new memory that supersedes `memory_id` (`MemoryService.amend`)."""
        return await self._idempotent.amend(
            tenant, memory_id, content, reason, key=key, field=field
        )

    async def link(
        self,
        tenant: Tenant,
        edges: Sequence[LinkRequest],
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> list[MemoryEdge]:
        return await self._idempotent.link(tenant, edges, key=key, field=field)

    async def ingest_facts(
        self,
        tenant: Tenant,
        facts: Sequence[Mapping[str, Any]],
        writer: FactWriter,
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> FactBatchResult:
        """A fact batch through the one supersession path (`FactService.apply_facts`)."""
        return await self._idempotent.ingest_facts(tenant, facts, writer, key=key, field=field)

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
