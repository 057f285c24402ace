"""Idempotency records on every backend: a key's record is claimed once (also under
concurrency), per tenant, held until it expires, then replaced or purged; a pending claim is
taken over by one taker only, and given back only while pending."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import Tenant
from schema.idempotency import IdempotencyRecord, IdempotencyState
from tests.conftest import new_tenant
from tests.engine_support import Clock

WINDOW = timedelta(hours=1)


def record(key: str, clock: Clock, *, request: str = "h1", plan: str = "[]") -> IdempotencyRecord:
    """A pending claim made now, expiring after `WINDOW`."""
    now = clock()
    return IdempotencyRecord(
        key=key,
        request_hash=request,
        state=IdempotencyState.PENDING,
        plan=plan,
        claimed_at=now,
        expires_at=now + WINDOW,
    )


@pytest.fixture
def store(repository: Backend) -> Backend:
    return repository


async def test_a_key_is_claimed_once_then_held_with_what_it_recorded(
    store: Backend, tenant: Tenant
) -> None:
    """The first claim stores the record; later ones get it back, pending and then done."""
    clock = Clock()
    first = record("k-1", clock, plan='["a"]')
    assert await store.claim_idempotency_key(tenant, first) is None
    clock.advance(seconds=5)
    held = await store.claim_idempotency_key(tenant, record("k-1", clock, request="h2"))
    assert held == first
    assert await store.complete_idempotency_key(tenant, "k-1", "h1", '{"answer": 1}') == (
        '{"answer": 1}'
    )
    assert await store.complete_idempotency_key(tenant, "k-1", "other", "{}") is None
    done = await store.claim_idempotency_key(tenant, record("k-1", clock))
    assert done is not None
    assert (done.state, done.answer, done.plan) == (IdempotencyState.DONE, '{"answer": 1}', '["a"]')


async def test_the_first_answer_recorded_wins(store: Backend, tenant: Tenant) -> None:
    """A request finished twice — by its writer and by a retry that finished its plan, each
    with its own reading of the answer — records the first answer, and both completions hand
    back that one. (The old code recorded the last and each writer returned its own: two
    replicas answered one key differently.)"""
    clock = Clock()
    assert await store.claim_idempotency_key(tenant, record("twice", clock)) is None
    first = await store.complete_idempotency_key(tenant, "twice", "h1", '{"links": ["a", "b"]}')
    second = await store.complete_idempotency_key(tenant, "twice", "h1", '{"links": ["b", "a"]}')
    assert first == second == '{"links": ["a", "b"]}'
    done = await store.claim_idempotency_key(tenant, record("twice", clock))
    assert done is not None and done.answer == '{"links": ["a", "b"]}'


async def test_concurrent_completions_record_one_answer(store: Backend, tenant: Tenant) -> None:
    clock = Clock()
    assert await store.claim_idempotency_key(tenant, record("race-done", clock)) is None
    answers = await asyncio.gather(
        *(
            store.complete_idempotency_key(tenant, "race-done", "h1", f'{{"n": {i}}}')
            for i in range(8)
        )
    )
    assert len(set(answers)) == 1 and answers[0] is not None, answers


async def test_concurrent_claims_of_one_key_store_exactly_one(
    store: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    claims = await asyncio.gather(
        *(
            store.claim_idempotency_key(tenant, record("race", clock, request=f"h{i}"))
            for i in range(8)
        )
    )
    winners = [i for i, held in enumerate(claims) if held is None]
    assert len(winners) == 1
    assert {held.request_hash for held in claims if held is not None} == {f"h{winners[0]}"}


async def test_keys_are_per_tenant(store: Backend, repository: Backend) -> None:
    clock = Clock()
    a, b = new_tenant(), new_tenant()
    try:
        assert await store.claim_idempotency_key(a, record("shared", clock)) is None
        assert await store.claim_idempotency_key(b, record("shared", clock, request="h2")) is None
        held = await store.claim_idempotency_key(b, record("shared", clock))
        assert held is not None and held.request_hash == "h2"
    finally:
        await repository.drop_tenant(a)
        await repository.drop_tenant(b)


async def test_a_pending_claim_is_taken_over_once_and_released_only_while_pending(
    store: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    first = record("k", clock)
    await store.claim_idempotency_key(tenant, first)
    later = clock.advance(minutes=2)
    assert await store.take_over_idempotency_key(tenant, "k", first.claimed_at, later)
    # A second taker still names the old claim: it lost.
    assert not await store.take_over_idempotency_key(tenant, "k", first.claimed_at, later)
    held = await store.claim_idempotency_key(tenant, record("k", clock))
    assert held is not None and held.claimed_at == later
    await store.release_idempotency_key(tenant, "k", "other-hash")  # not its request: kept
    assert await store.claim_idempotency_key(tenant, record("k", clock)) is not None
    await store.release_idempotency_key(tenant, "k", "h1")
    assert await store.claim_idempotency_key(tenant, record("k", clock)) is None
    await store.complete_idempotency_key(tenant, "k", "h1", "{}")
    await store.release_idempotency_key(tenant, "k", "h1")  # done: kept
    assert not await store.take_over_idempotency_key(tenant, "k", clock(), clock())
    assert await store.claim_idempotency_key(tenant, record("k", clock)) is not None


async def test_expired_records_are_replaced_by_a_claim_and_purged(
    store: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    await store.claim_idempotency_key(tenant, record("old", clock))
    await store.claim_idempotency_key(tenant, record("replaced", clock))
    clock.advance(minutes=30)
    await store.claim_idempotency_key(tenant, record("young", clock))
    clock.advance(minutes=31)  # "old" and "replaced" expired, "young" has not
    replacing = record("replaced", clock, request="h2")
    assert await store.claim_idempotency_key(tenant, replacing) is None
    assert await store.purge_idempotency_keys(tenant, clock()) == 1
    assert await store.claim_idempotency_key(tenant, record("old", clock, request="h3")) is None
    young = await store.claim_idempotency_key(tenant, record("young", clock, request="h4"))
    assert young is not None and young.request_hash == "h1"
    assert await store.purge_idempotency_keys(tenant, clock()) == 0
