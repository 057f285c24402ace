"""Idempotent writes on every backend: a write retried under its key writes once and answers
what the first one did — also when the first was cut off between its write and its answer, or
runs at the same time; another request under a used key is a conflict naming it; keys are per
tenant, expire after the window, and a malformed one is refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import EdgeType, InvalidInput, RetentiaError, Tenant
from schema.facts import FactWriter
from schema.idempotency import IdempotencyConflict
from service.engine.settings import EngineSettings
from service.usecases.extraction import MemoryFactWriter
from service.usecases.facts import FactService
from service.usecases.idempotency import (
    BEFORE_ANSWER,
    IdempotencyPolicy,
    IdempotentWrites,
    request_hash,
)
from service.usecases.memories import LinkRequest, MemoryService, StoreRequest
from service.usecases.store import Stored, StoreService
from tests.conftest import new_tenant
from tests.contract.test_idempotency_records import WINDOW, record
from tests.engine_support import Clock, HashEmbedder

POLICY = IdempotencyPolicy(window=WINDOW, pending_timeout=timedelta(seconds=30))


class Killed(Exception):
    """Stands for the process dying at a fault point (nothing after it runs)."""


def writes(
    repository: Backend,
    clock: Clock,
    *,
    kill_before_answer: bool = False,
    before_answer: Callable[[], Awaitable[None]] | None = None,
) -> IdempotentWrites:
    """The keyed writes as `compose` builds them (`kill_before_answer`: the first keyed write
    stops between its write and the record of its answer, as a killed process would;
    `before_answer`: what happens elsewhere while each keyed write is at that point)."""
    store = repository
    memories = MemoryService(repository, HashEmbedder(), clock)
    facts = FactService(store, clock)
    armed = [kill_before_answer]

    def fault(point: str) -> Awaitable[None] | None:
        if point == BEFORE_ANSWER and armed[0]:
            armed[0] = False
            raise Killed
        if point == BEFORE_ANSWER and before_answer is not None:
            return before_answer()
        return None

    return IdempotentWrites(
        store,
        memories,
        StoreService(memories, MemoryFactWriter(facts)),
        facts,
        clock,
        POLICY,
        fault=fault,
    )


async def memory_ids(repository: Backend, tenant: Tenant) -> list[str]:
    return [m.id for m in await repository.recent_memories(tenant, limit=100)]


async def test_a_store_retried_under_its_key_writes_one_memory_and_answers_the_first(
    repository: Backend, tenant: Tenant
) -> None:
    """Defect 8: the same storeMemory sent twice (its first answer lost) stored two memories."""
    clock = Clock()
    keyed = writes(repository, clock)
    request = StoreRequest(content="The deploy window is Tuesday 14:00 UTC")
    first = await keyed.store(tenant, request, key="deploy-window-1")
    clock.advance(seconds=10)
    again = await keyed.store(tenant, request, key="deploy-window-1")
    assert again == first
    assert await memory_ids(repository, tenant) == [first.result.memory.id]


async def test_a_different_request_under_a_used_key_is_a_conflict_naming_it(
    repository: Backend, tenant: Tenant
) -> None:
    keyed = writes(repository, Clock())
    await keyed.store(tenant, StoreRequest(content="one"), key="k-7")
    with pytest.raises(IdempotencyConflict) as raised:
        await keyed.store(tenant, StoreRequest(content="two"), key="k-7")
    assert raised.value.key == "k-7" and not raised.value.retryable
    assert "'k-7'" in str(raised.value)
    with pytest.raises(IdempotencyConflict):  # another operation is another request too
        await keyed.link(tenant, [], key="k-7")
    assert len(await memory_ids(repository, tenant)) == 1


async def test_keys_of_different_tenants_do_not_collide(repository: Backend) -> None:
    keyed = writes(repository, Clock())
    a, b = new_tenant(), new_tenant()
    try:
        first = await keyed.store(a, StoreRequest(content="in project a"), key="same")
        other = await keyed.store(b, StoreRequest(content="in project b"), key="same")
        assert first.result.memory.id != other.result.memory.id
        assert await memory_ids(repository, b) == [other.result.memory.id]
    finally:
        await repository.drop_tenant(a)
        await repository.drop_tenant(b)


async def test_after_the_window_a_key_is_new_again(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    keyed = writes(repository, clock)
    request = StoreRequest(content="a reminder")
    first = await keyed.store(tenant, request, key="k")
    clock.advance(hours=1, seconds=1)
    second = await keyed.store(tenant, request, key="k")
    assert second.result.memory.id != first.result.memory.id
    assert len(await memory_ids(repository, tenant)) == 2


@pytest.mark.parametrize("key", ["", "x" * 201, "has space", "naïve", "a;b"])
async def test_a_malformed_key_is_refused_before_anything_is_written(
    repository: Backend, tenant: Tenant, key: str
) -> None:
    with pytest.raises(InvalidInput) as raised:
        await writes(repository, Clock()).store(tenant, StoreRequest(content="c"), key=key)
    assert raised.value.field == "idempotencyKey"
    assert await memory_ids(repository, tenant) == []


async def test_a_write_cut_off_before_its_answer_is_finished_by_the_retry(
    repository: Backend, tenant: Tenant
) -> None:
    """The first request wrote its memory and died before recording its answer; the retry
    (at once: the claim is fresh) finds the planned memory and answers it, writing nothing."""
    clock = Clock()
    request = StoreRequest(content="Ana moved to Lisbon", entities=("Ana",))
    with pytest.raises(Killed):
        await writes(repository, clock, kill_before_answer=True).store(tenant, request, key="k")
    (written,) = await memory_ids(repository, tenant)
    clock.advance(seconds=1)
    again = await writes(repository, clock).store(tenant, request, key="k")
    assert again.result.memory.id == written
    assert again.result.memory.content == "Ana moved to Lisbon"
    assert await memory_ids(repository, tenant) == [written]
    third = await writes(repository, clock).store(tenant, request, key="k")
    assert third == again  # the finished answer is the recorded one


async def test_a_request_finished_beside_its_slow_writer_answers_both_alike(
    repository: Backend, tenant: Tenant
) -> None:
    """Replica A wrote its memory and links and is slow to record its answer; replica B, sent
    the same keyed request meanwhile, finishes A's plan (reads the memory and its links back)
    and records that. A then answers what was recorded, not its own reading: both callers, and
    every retry, get the same answer. (In CI two replicas answered one key differently.)"""
    clock = Clock()
    note = "The Atlas launch review moved to the main hall"
    for n in range(3):
        await writes(repository, clock).store(tenant, StoreRequest(content=f"{note} ({n})"))
    request = StoreRequest(content=f"{note}.")
    other: list[Stored] = []
    replica_b = writes(repository, clock)

    async def finish_beside() -> None:
        other.append(await replica_b.store(tenant, request, key="beside"))

    replica_a = writes(repository, clock, before_answer=finish_beside)
    first = await replica_a.store(tenant, request, key="beside")
    assert other and first == other[0]
    assert first.result.auto_links  # the case that differed: links read back
    assert await writes(repository, clock).store(tenant, request, key="beside") == first
    assert len(await memory_ids(repository, tenant)) == 4


async def test_a_claim_whose_writer_died_before_writing_is_taken_over_after_the_timeout(
    repository: Backend, tenant: Tenant
) -> None:
    """A claim with nothing written: a retry while it is young is a retryable conflict; once
    its writer is presumed dead, the retry writes the planned memory (once)."""
    clock = Clock()
    request = StoreRequest(content="a claim that never wrote")
    planned = "6f1c1d1e-0000-4000-8000-000000000001"
    hashed = request_hash("store", {"request": request, "facts": []})
    await repository.claim_idempotency_key(
        tenant, record("k", clock, request=hashed, plan=json.dumps([planned]))
    )
    keyed = writes(repository, clock)
    clock.advance(seconds=5)
    with pytest.raises(IdempotencyConflict) as raised:
        await keyed.store(tenant, request, key="k")
    assert raised.value.retryable
    assert await memory_ids(repository, tenant) == []
    clock.advance(seconds=30)
    taken = await keyed.store(tenant, request, key="k")
    assert taken.result.memory.id == planned
    assert await memory_ids(repository, tenant) == [planned]


async def test_concurrent_duplicates_write_once(repository: Backend, tenant: Tenant) -> None:
    """Four requests with one key at once: one memory; each answer is it, or a retryable
    conflict (the first is still writing)."""
    keyed = writes(repository, Clock())
    request = StoreRequest(content="sent four times at once")
    answers = await asyncio.gather(
        *(keyed.store(tenant, request, key="dup") for _ in range(4)), return_exceptions=True
    )
    (written,) = await memory_ids(repository, tenant)
    for answer in answers:
        if isinstance(answer, Stored):
            assert answer.result.memory.id == written
        else:
            assert isinstance(answer, IdempotencyConflict) and answer.retryable, answer
    assert any(isinstance(a, Stored) for a in answers)


async def test_a_batch_store_retried_answers_each_item_as_the_first_did(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    keyed = writes(repository, clock)
    items = [
        (StoreRequest(content="first of the batch"), []),
        (StoreRequest(content="x" * 300_000), []),  # too long: this item's error
        (StoreRequest(content="third of the batch"), []),
    ]
    first = await keyed.store_each(tenant, items, key="batch")
    again = await keyed.store_each(tenant, items, key="batch")
    assert [type(a) for a in again] == [Stored, InvalidInput, Stored]
    assert [a.result.memory.id for a in again if isinstance(a, Stored)] == [
        a.result.memory.id for a in first if isinstance(a, Stored)
    ]
    assert isinstance(first[1], RetentiaError) and str(again[1]) == str(first[1])
    assert len(await memory_ids(repository, tenant)) == 2


async def test_an_amend_retried_makes_one_correction(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    keyed = writes(repository, clock)
    old = await keyed.store(tenant, StoreRequest(content="The office is on floor 3"))
    old_id = old.result.memory.id
    first = await keyed.amend(tenant, old_id, "The office is on floor 4", key="fix-floor")
    again = await keyed.amend(tenant, old_id, "The office is on floor 4", key="fix-floor")
    assert again.memory.id == first.memory.id
    assert sorted(await memory_ids(repository, tenant)) == sorted([old_id, first.memory.id])
    (stored_old,) = await repository.get_memories(tenant, [old_id])
    assert stored_old is not None and stored_old.superseded_by == first.memory.id
    supersedes = [
        e for e in await repository.incident_edges(tenant, old_id) if e.type is EdgeType.SUPERSEDES
    ]
    assert len(supersedes) == 1


async def test_an_amend_cut_off_before_its_answer_is_finished_once(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    old = await writes(repository, clock).store(tenant, StoreRequest(content="Plan: basic"))
    old_id = old.result.memory.id
    (before,) = await repository.get_memories(tenant, [old_id])
    with pytest.raises(Killed):
        await writes(repository, clock, kill_before_answer=True).amend(
            tenant, old_id, "Plan: pro", key="upgrade"
        )
    again = await writes(repository, clock).amend(tenant, old_id, "Plan: pro", key="upgrade")
    (after,) = await repository.get_memories(tenant, [old_id])
    assert before is not None and after is not None
    assert after.superseded_by == again.memory.id
    assert after.score == pytest.approx(before.score * EngineSettings().superseded_factor)
    assert len(await memory_ids(repository, tenant)) == 2


async def test_link_and_fact_batches_retried_answer_the_first(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    keyed = writes(repository, clock)
    a = (await keyed.store(tenant, StoreRequest(content="cause"))).result.memory.id
    b = (await keyed.store(tenant, StoreRequest(content="effect"))).result.memory.id
    links = [LinkRequest(b, a, EdgeType.CAUSED_BY, reason="because")]
    first = await keyed.link(tenant, links, key="link-1")
    clock.advance(seconds=3)
    assert await keyed.link(tenant, links, key="link-1") == first
    facts = [{"subject": "Ana", "predicate": "lives in", "object": "Lisbon"}]
    ingested = await keyed.ingest_facts(tenant, facts, FactWriter.API, key="facts-1")
    assert ingested.inserted == 1
    assert await keyed.ingest_facts(tenant, facts, FactWriter.API, key="facts-1") == ingested


async def test_a_keyed_write_purges_the_tenants_expired_records(
    repository: Backend, tenant: Tenant
) -> None:
    """Expired records are removed lazily: the first keyed write of a tenant after the purge
    interval deletes those expired by then."""
    clock = Clock()
    keyed = writes(repository, clock)
    store = repository
    await keyed.store(tenant, StoreRequest(content="long ago"), key="old")
    clock.advance(hours=2)  # "old" expired; the purge interval (1 h) has passed
    await keyed.store(tenant, StoreRequest(content="now"), key="new")
    assert await store.purge_idempotency_keys(tenant, clock()) == 0  # "old" is gone already
    clock.advance(hours=2)  # "new" expired, and no keyed write since
    assert await store.purge_idempotency_keys(tenant, clock()) == 1
