"""The temporal leg on every backend: a query that names a time ("on 10 February", "last week")
finds the memory of that time among many that match its words better, by its creation instant
or by its event time; the leg switched off, or a query that names no time, answers exactly as
recall without the leg did."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from graph_backends import Backend
from schema import Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.recall import LEGS, Leg, RecallRequest, RecallResult, RecallService
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

#: The recall's instant: Monday 2 March 2026.
NOW = T0 + timedelta(days=60)
#: A small pool, so the better-matching memories fill every other leg.
NARROW = EngineSettings(recall_pool=10)
WITHOUT = frozenset(LEGS) - {Leg.TEMPORAL}


class World:
    def __init__(
        self, repository: Backend, tenant: Tenant, engine: EngineSettings = NARROW
    ) -> None:
        self.clock = Clock(now=NOW)
        self.tenant = tenant
        self.embedder = HashEmbedder()
        self.memories = MemoryService(repository, self.embedder, self.clock)
        self.recalls = RecallService(repository, self.embedder, self.clock, engine)

    async def put(self, content: str, **fields: Any) -> str:
        result = await self.memories.store(self.tenant, StoreRequest(content=content, **fields))
        return result.memory.id

    async def recall(self, query: str, **options: Any) -> RecallResult:
        options.setdefault("k", 10)
        request = RecallRequest(query=query, read_only=True, **options)
        return await self.recalls.recall(self.tenant, request)

    async def crowd(self) -> None:
        """Thirty memories that match the queries' words better than the ones asked for, none
        of them from February 2026 (created in December and January)."""
        for i in range(30):
            await self.put(
                f"Dinner with Sam at the noodle bar downtown, visit {i}",
                created_at=T0 - timedelta(days=20) + timedelta(days=i),
            )


@pytest.fixture
async def world(repository: Backend, tenant: Tenant) -> World:
    return World(repository, tenant)


def ids(result: RecallResult) -> list[str]:
    return [h.memory.id for h in result.hits]


async def test_the_leg_finds_the_memories_of_the_day_the_query_names(world: World) -> None:
    """Alone, the temporal leg answers exactly the memories created on the day the query
    names — its first and last instants included, the next day's first instant not — however
    little their words match it, and none of the thirty of other days that match them better
    (the similarity floor is off: it would keep out what shares no word with the query)."""
    await world.crowd()
    evening = await world.put(
        "Ramen night at Kenji's, walked home after", created_at=T0 + timedelta(days=40, hours=19)
    )
    midnight = await world.put("Woke up early for the flight", created_at=T0 + timedelta(days=40))
    await world.put("Dinner with Sam at the noodle bar", created_at=T0 + timedelta(days=41))
    world.recalls = RecallService(
        world.recalls.repository,
        world.embedder,
        world.clock,
        EngineSettings(recall_pool=10, recall_min_similarity=-1.0),
    )
    result = await world.recall(
        "Where did I have dinner with Sam on 10 February?", legs=frozenset({Leg.TEMPORAL})
    )
    assert set(ids(result)) == {evening, midnight}
    assert all(set(h.legs) == {Leg.TEMPORAL} for h in result.hits)


async def test_the_leg_reads_the_event_time_before_the_creation(world: World) -> None:
    """A memory stored today about an event of last week is in last week's window; one stored
    last week about an event of another year is not."""
    await world.crowd()
    told_today = await world.put(
        "Sam and I ate ramen at the market", event_time=NOW - timedelta(days=5)
    )
    about_long_ago = await world.put(
        "Sam and I ate ramen at the harbour, back in 2019",
        created_at=NOW - timedelta(days=5),
        event_time=T0 - timedelta(days=6 * 365),
    )
    result = await world.recall("Sam and I ate ramen last week")
    temporal = {h.memory.id for h in result.hits if Leg.TEMPORAL in h.legs}
    assert told_today in temporal
    assert about_long_ago not in temporal


async def test_without_the_leg_or_a_time_recall_is_unchanged(world: World) -> None:
    """A query that names no time runs no temporal leg: all legs on and the leg off answer
    the same hits with the same scores; a query that names one, with the leg off, carries no
    temporal rank anywhere."""
    await world.crowd()
    await world.put("Sam and I ate ramen", created_at=T0 + timedelta(days=40))
    query = "dinner with Sam at the noodle bar"
    on, off = await world.recall(query), await world.recall(query, legs=WITHOUT)
    assert [(h.memory.id, h.score, h.legs) for h in on.hits] == [
        (h.memory.id, h.score, h.legs) for h in off.hits
    ]
    dated = await world.recall(query + " in February 2026", legs=WITHOUT)
    assert all(Leg.TEMPORAL not in h.legs for h in dated.hits)
    assert not dated.degraded
