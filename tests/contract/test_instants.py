"""Any instant the door accepts (`schema.values.check_instant`: a zone, and in UTC within
0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999Z) is stored and read back equal, on every
backend, by both memory and fact storage: a memory's event time, a fact's validFrom, validTo
and eventTime, and the instant a fact is retracted at. The ends of the range included."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import Backend
from graph_backends._common.records import LATEST_US
from schema import EARLIEST_INSTANT, LATEST_INSTANT, Category, InvalidInput, Tenant
from schema.facts import FactWriter
from schema.values import check_instant
from service.engine.settings import EngineSettings
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from tests.contract.poison_support import store_raw_instant
from tests.engine_support import Clock, HashEmbedder

pytestmark = pytest.mark.fact_layer

ENGINE = EngineSettings(auto_link_max_per_store=0)
OFFSETS = st.integers(min_value=-14 * 60, max_value=14 * 60).map(
    lambda m: timezone(timedelta(minutes=m))
)


def _accepted(value: datetime) -> bool:
    try:
        check_instant("at", value)
    except InvalidInput:
        return False
    return True


INSTANTS = st.one_of(
    st.sampled_from([EARLIEST_INSTANT, LATEST_INSTANT]),
    st.datetimes(timezones=OFFSETS).filter(_accepted),
)


async def _round_trip(repository: Backend, tenant: Tenant, a: datetime, b: datetime) -> None:
    start, end = sorted((a, b))
    if start == end:
        end = LATEST_INSTANT if start != LATEST_INSTANT else end
        start = EARLIEST_INSTANT if start == end else start
    memories = MemoryService(repository, HashEmbedder(), Clock(), ENGINE)
    stored = await memories.store(tenant, StoreRequest(content="an event", event_time=a))
    (memory,) = await memories.get(tenant, [stored.memory.id])
    assert memory is not None and memory.event_time == a

    facts = FactService(repository, Clock(), ENGINE)
    written = await facts.apply_facts(
        tenant,
        [
            {
                "subject": "Alice",
                "predicate": f"visits {a.isoformat()}",
                "object": "Oslo",
                "valid_from": start,
                "valid_to": end,
                "event_time": b,
                "category": Category.OTHER,
            }
        ],
        FactWriter.API,
    )
    fact_id = written.results[0].fact_id
    assert fact_id is not None, written.results
    retracted = await facts.retract(tenant, fact_id, start)
    (read,) = await facts.repository.get_facts(tenant, [fact_id])
    assert read is not None and read == retracted
    assert (read.valid_from, read.valid_to, read.event_time, read.invalid_at) == (
        start,
        end,
        b,
        start,
    )
    assert await facts.facts(tenant, predicate=f"visits {a.isoformat()}", at=start) == []


async def test_every_accepted_instant_round_trips(repository: Backend, tenant: Tenant) -> None:
    loop = asyncio.get_running_loop()

    @settings(
        max_examples=15,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(INSTANTS, INSTANTS)
    def run(a: datetime, b: datetime) -> None:
        asyncio.run_coroutine_threadsafe(_round_trip(repository, tenant, a, b), loop).result()

    await asyncio.to_thread(run)


async def test_a_poisoned_instant_no_longer_fails_the_project(
    repository: Backend, tenant: Tenant
) -> None:
    """A retraction stored past year 9999 by an earlier version (written here with a raw query
    through the repository's own client) used to make every fact read raise OverflowError;
    now the fact reads back retracted at the last instant, and every read answers."""
    facts = FactService(repository, Clock(), ENGINE)
    written = await facts.apply_facts(
        tenant, [{"subject": "Alice", "predicate": "lives in", "object": "Oslo"}], FactWriter.API
    )
    fact_id = written.results[0].fact_id
    poisoned = LATEST_US + 14 * 3600 * 1_000_000
    # The raw write an old version made, through the repository's own client.
    await store_raw_instant(repository, tenant, "fact", fact_id, "invalid_at", poisoned)
    (read,) = await facts.repository.get_facts(tenant, [fact_id])
    assert read is not None and read.invalid_at == LATEST_INSTANT
    assert [f.id for f in await facts.facts(tenant, subject="Alice")] == [fact_id]
    assert [f.id for f in await facts.slot_history(tenant, "Alice", "lives in", limit=10)] == [
        fact_id
    ]
