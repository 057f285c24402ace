"""The temporal leg by what a memory's own words date it to, on every backend: a turn stored
on 27 February saying "yesterday I …" is found by "what did I do on 26 February?" through the
leg alone, beside the turn created that day without a date expression; the window is stored
with every write that sets content (an amendment's words date the new memory, an erasure that
removes the date's words undates it), and a restore derives it again from the content rather
than trusting the file; a recall as of before the memory existed does not see it; and with
`recall_temporal_mentions` off the leg finds it by its creation instant only."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from graph_backends import Backend
from schema import EARLIEST_INSTANT, Tenant
from service.compose import compose_use_cases
from service.engine.settings import EngineSettings
from service.settings import Settings
from service.usecases.maintenance import MENTIONED_FIELDS
from service.usecases.memories import StoreRequest
from service.usecases.ndjson import lines, read_header
from service.usecases.recall import Leg, RecallRequest, RecallResult
from tests.conftest import new_tenant
from tests.contract.test_temporal_recall import NOW, World
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

#: 26 February 2026, the day asked about, and the turn stored the day after it.
DAY = T0 + timedelta(days=56)
SAID = DAY + timedelta(days=1, hours=14)
#: Alone, every memory in the window is answered (the similarity floor keeps out none).
ALONE = frozenset({Leg.TEMPORAL})
ENGINE = EngineSettings(recall_pool=10, recall_min_similarity=-1.0)
QUERY = "What did I do on 26 February?"


async def found(world: World, query: str = QUERY, **options: Any) -> set[str]:
    """The memories the temporal leg, alone, answers `query` with."""
    request = RecallRequest(query=query, k=10, read_only=True, legs=ALONE, **options)
    result: RecallResult = await world.recalls.recall(world.tenant, request)
    return {h.memory.id for h in result.hits if Leg.TEMPORAL in h.legs}


async def crowd(world: World) -> None:
    """Thirty memories of other days, five of them saying what day they are about."""
    for i in range(30):
        dated = " last Friday" if i % 6 == 0 else ""
        await world.put(f"Dinner with Sam at the noodle bar{dated}", created_at=T0 + timedelta(i))


@pytest.fixture
async def world(repository: Backend, tenant: Tenant) -> World:
    return World(repository, tenant, ENGINE)


async def test_a_turn_is_found_on_the_day_its_words_name(world: World) -> None:
    """The day after's "yesterday" and the day's own undated turn are both found by the day;
    nothing of other days is."""
    await crowd(world)
    told = await world.put("Yesterday I went to the pottery class", created_at=SAID)
    same_day = await world.put(
        "Signed up for the climbing gym", created_at=DAY + timedelta(hours=9)
    )
    await world.put("Tomorrow is the book club", created_at=DAY - timedelta(days=3))
    assert await found(world) == {told, same_day}
    (stored,) = await world.memories.get(world.tenant, [told])
    assert stored is not None
    assert (stored.mentioned_start, stored.mentioned_end) == (DAY, DAY + timedelta(days=1))


async def test_without_the_setting_the_words_date_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    """`recall_temporal_mentions` off: the leg finds the turn by its creation instant only."""
    world = World(repository, tenant, ENGINE.model_copy(update={"recall_temporal_mentions": False}))
    told = await world.put("Yesterday I went to the pottery class", created_at=SAID)
    assert await found(world) == set()
    assert await found(world, "What did I do on 27 February?") == {told}


async def test_as_of_before_the_turn_it_is_not_seen(world: World) -> None:
    """A recall as of the day asked about answers what existed then: the turn stored the day
    after is not among its hits, though its words date it into the window."""
    told = await world.put("Yesterday I went to the pottery class", created_at=SAID)
    before = DAY + timedelta(hours=20)
    assert await found(world, "What did I do today?", as_of=before) == set()
    assert await found(world, "What did I do yesterday?", as_of=SAID + timedelta(hours=1)) == {told}


async def test_an_amendment_dates_the_new_memory_by_its_own_words(world: World) -> None:
    """An amended memory's window is derived from the new content (against its anchor: the
    event time carried over from the old one)."""
    old = await world.put("Went to the pottery class", event_time=DAY + timedelta(days=2))
    assert await found(world) == set()
    new = (
        await world.memories.amend(world.tenant, old, "Went to the pottery class two days ago")
    ).memory
    assert new.mentioned_start is not None and new.mentioned_start <= DAY
    assert new.id in await found(world)
    back = (await world.memories.amend(world.tenant, new.id, "Went to pottery")).memory
    assert (back.mentioned_start, back.mentioned_end) == (None, None)


async def test_restore_derives_the_window_again(repository: Backend, tenant: Tenant) -> None:
    """Export → restore: a file whose memories carry no window (written before it existed) or
    a wrong one restores the window the content names, and the leg finds the turn by it."""
    clock = Clock(now=NOW)
    settings = Settings(backend="falkordb", engine=ENGINE)
    copy = new_tenant()
    try:
        async with compose_use_cases(
            settings, repository, HashEmbedder(), tenant, clock=clock
        ) as u:
            request = StoreRequest(content="Yesterday I went to the pottery class", created_at=SAID)
            told = (await u.writes.store(tenant, request)).result.memory.id
            texts = [t async for t in await u.exports.ndjson(tenant)]
        edited = []
        for text in texts:
            record = json.loads(text)
            if record.get("kind") == "memory":
                record.pop("mentioned_start", None)
                record["mentioned_end"] = (T0 - timedelta(days=300)).isoformat()
            edited.append(json.dumps(record))
        records = list(lines(edited))
        header, _ = read_header(records[0])
        async with compose_use_cases(settings, repository, HashEmbedder(), copy, clock=clock) as u:
            report = await u.restore.restore(copy, header, records[1:])
            assert report.rejected == []
            (restored,) = await u.memories.get(copy, [told])
            assert restored is not None
            assert (restored.mentioned_start, restored.mentioned_end) == (
                DAY,
                DAY + timedelta(days=1),
            )
            result = await u.recall.recall(copy, RecallRequest(QUERY, read_only=True, legs=ALONE))
            assert [h.memory.id for h in result.hits] == [told]
    finally:
        await repository.drop_tenant(copy)


async def test_the_range_read_is_bounded_and_newest_first(world: World) -> None:
    """`memories_dated_within`: the overlapping windows only, newest first, at most `limit`."""
    ids = [
        await world.put(
            f"Yesterday I went to pottery, visit {i}", created_at=SAID + timedelta(hours=6 * i)
        )
        for i in range(4)
    ]
    await world.put("Yesterday was quiet", created_at=T0 + timedelta(days=10))
    repo = world.recalls.repository
    found = await repo.memories_dated_within(world.tenant, DAY, DAY + timedelta(days=4), limit=3)
    assert [f.id for f in found] == [ids[3], ids[2], ids[1]]
    assert all(f.mentioned_start is not None for f in found)
    # A window open to the earliest instant ("before March") reads, its floor clamped.
    before = await repo.memories_dated_within(world.tenant, EARLIEST_INSTANT, DAY, limit=10)
    assert len(before) == 1  # "Yesterday was quiet", said on 11 January


async def test_maintenance_dates_a_memory_stored_before_the_window(
    repository: Backend, tenant: Tenant
) -> None:
    """A memory stored without the window (before it existed) is found by its creation only
    until a maintenance pass derives the window; the pass changes nothing else of it."""
    clock = Clock(now=NOW)
    settings = Settings(backend="falkordb", engine=ENGINE)
    async with compose_use_cases(settings, repository, HashEmbedder(), tenant, clock=clock) as u:
        request = StoreRequest(content="Yesterday I went to the pottery class", created_at=SAID)
        told = (await u.writes.store(tenant, request)).result.memory
        undated = told.model_copy(update={"mentioned_start": None, "mentioned_end": None})
        await repository.update_memories(tenant, [undated], fields=MENTIONED_FIELDS)
        ask = RecallRequest(QUERY, read_only=True, legs=ALONE)
        assert (await u.recall.recall(tenant, ask)).hits == []
        await u.maintenance.maintain(tenant)
        (after,) = await u.memories.get(tenant, [told.id])
        assert after is not None
        assert (after.mentioned_start, after.mentioned_end) == (DAY, DAY + timedelta(days=1))
        assert [h.memory.id for h in (await u.recall.recall(tenant, ask)).hits] == [told.id]
