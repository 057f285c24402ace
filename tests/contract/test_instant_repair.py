"""`clamp_instants` (the repair `retentia repair-instants` runs) sets every memory and fact
instant an earlier version stored outside [EARLIEST_US, LATEST_US] to the nearer bound and
counts them by property; a dry run counts the same and writes nothing; afterwards the values
read back as the bounds without a warning, and a second repair finds nothing."""

from __future__ import annotations

import logging

import pytest

from graph_backends import Backend
from graph_backends._common.records import EARLIEST_US, LATEST_US
from schema import EARLIEST_INSTANT, LATEST_INSTANT, Tenant
from schema.facts import FactWriter
from service.engine.settings import EngineSettings
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from tests.contract.poison_support import store_raw_instant
from tests.engine_support import Clock, HashEmbedder

pytestmark = pytest.mark.fact_layer

ENGINE = EngineSettings(auto_link_max_per_store=0)
BEFORE = EARLIEST_US - 3600 * 1_000_000
AFTER = LATEST_US + 14 * 3600 * 1_000_000


async def _poison(repository: Backend, tenant: Tenant, memory_id: str, fact_id: str) -> None:
    """The raw writes an old version made, through the repository's own client."""
    await store_raw_instant(repository, tenant, "memory", memory_id, "event_time", BEFORE)
    await store_raw_instant(repository, tenant, "fact", fact_id, "invalid_at", AFTER)


async def test_repair_sets_out_of_range_instants_to_the_bounds(
    repository: Backend, tenant: Tenant, caplog: pytest.LogCaptureFixture
) -> None:
    memories = MemoryService(repository, HashEmbedder(), Clock(), ENGINE)
    stored = await memories.store(tenant, StoreRequest(content="an event"))
    facts = FactService(repository, Clock(), ENGINE)
    written = await facts.apply_facts(
        tenant, [{"subject": "Alice", "predicate": "lives in", "object": "Oslo"}], FactWriter.API
    )
    fact_id = written.results[0].fact_id
    assert fact_id is not None
    await _poison(repository, tenant, stored.memory.id, fact_id)
    expected = {"memory.event_time": 1, "fact.invalid_at": 1}

    dry = await repository.clamp_instants(tenant, EARLIEST_US, LATEST_US, dry_run=True)
    assert dry == expected
    assert await repository.clamp_instants(tenant, EARLIEST_US, LATEST_US, dry_run=True) == dry

    assert await repository.clamp_instants(tenant, EARLIEST_US, LATEST_US, dry_run=False) == (
        expected
    )
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        (memory,) = await memories.get(tenant, [stored.memory.id])
        (fact,) = await facts.repository.get_facts(tenant, [fact_id])
    assert memory is not None and memory.event_time == EARLIEST_INSTANT
    assert fact is not None and fact.invalid_at == LATEST_INSTANT
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert await repository.clamp_instants(tenant, EARLIEST_US, LATEST_US, dry_run=False) == {}
