"""Tenant creation is idempotent under concurrency: many first writes of different kinds
(stores, fact batches, a preference) arriving together at a tenant nobody wrote before all
succeed, round after round, and leave one complete tenant."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from graph_backends import Backend
from schema import Tenant
from schema.facts import FactWriter
from service.engine.settings import EngineSettings
from service.usecases.core_preferences import CorePreferencesService, preferences
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder

pytestmark = pytest.mark.fact_layer

ROUNDS = 3


class Services:
    """The use cases a first write reaches, over one repository, as `compose` wires them."""

    def __init__(self, repository: Backend) -> None:
        clock = Clock()
        embedder = HashEmbedder()
        self.memories = MemoryService(repository, embedder, clock, EngineSettings())
        self.facts = FactService(repository, clock, embedder=embedder)
        self.core = CorePreferencesService(self.memories)


async def _first_writes(repository: Backend, tenant: Tenant) -> list[Any]:
    """Stores, fact batches and a preference write to a brand-new tenant, all at once, each
    through its own service instances (as separate replicas would)."""

    def fresh() -> Services:
        return Services(repository)

    async def store(i: int) -> Any:
        return await fresh().memories.store(tenant, StoreRequest(content=f"note {i} on the plan"))

    async def ingest(i: int) -> Any:
        facts = [{"subject": f"person {i}", "predicate": "lives in", "object": "oslo"}]
        return await fresh().facts.apply_facts(tenant, facts, FactWriter.API)

    async def prefer() -> Any:
        return await fresh().core.set_preferences(tenant, preferences(("identity_self_concept",)))

    return await asyncio.gather(
        *(store(i) for i in range(4)),
        *(ingest(i) for i in range(4)),
        prefer(),
        return_exceptions=True,
    )


async def test_concurrent_first_writes_all_succeed(repository: Backend) -> None:
    for _ in range(ROUNDS):
        tenant = new_tenant()
        try:
            answers = await _first_writes(repository, tenant)
            failed = [a for a in answers if isinstance(a, BaseException)]
            assert failed == [], failed
            assert (await repository.stats(tenant)).memories == 4
            uses = Services(repository)
            assert len(await uses.facts.facts(tenant)) == 4
            assert await repository.schema_ready(tenant)
            assert tenant in await repository.list_tenants()
        finally:
            await repository.drop_tenant(tenant)
