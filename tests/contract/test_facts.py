"""The fact layer on a real engine: one supersession path, slot semantics, soft conflicts,
idempotent retries, as-of reads, retraction, event-time expiry and derived edges."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from graph_backends import Backend
from schema import Category, FactState, InvalidInput, Tenant
from schema.facts import FactOutcome, FactWriter
from service.usecases.facts import FactService
from tests.engine_support import Clock, TickingClock
from tests.factories import T0

pytestmark = pytest.mark.fact_layer


def service(repository: Backend, clock: Clock | None = None) -> FactService:
    return FactService(repository, clock or Clock())


def fact(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


async def open_edges(svc: FactService, tenant: Tenant, clock: Clock) -> set[tuple[str, str, str]]:
    relations = await svc.repository.open_relations(tenant, clock())
    entities = await svc.repository.get_entities(
        tenant, sorted({r.source for r in relations} | {r.target for r in relations})
    )
    names = {e.id: e.name for e in entities if e is not None}
    return {(names[r.source], r.predicate, names[r.target]) for r in relations}


async def test_single_valued_slot_supersedes(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    svc = service(repository, clock)
    first = await svc.apply_facts(tenant, [fact("Alice", "works at", "Acme")], FactWriter.API)
    assert first.inserted == 1
    clock.advance(days=30)
    second = await svc.apply_facts(tenant, [fact("Alice", "works at", "Globex")], FactWriter.API)
    assert second.superseded == 1
    (result,) = second.results
    assert result.outcome is FactOutcome.SUPERSEDED and result.others == (first.results[0].fact_id,)
    now = await svc.facts(tenant, subject="alice")
    assert [f.object for f in now] == ["Globex"]
    (old,) = await svc.repository.get_facts(tenant, [first.results[0].fact_id])
    assert old is not None and old.state is FactState.SUPERSEDED
    assert old.valid_to == T0 + timedelta(days=30) and old.superseded_by == result.fact_id
    before = await svc.facts(tenant, subject="Alice", at=T0 + timedelta(days=1))
    assert [f.object for f in before] == ["Acme"]
    assert await open_edges(svc, tenant, clock) == {("Alice", "works at", "Globex")}


async def test_multi_valued_predicate_accumulates(repository: Backend, tenant: Tenant) -> None:
    svc = service(repository)
    await svc.apply_facts(tenant, [fact("Alice", "likes", "tea")], FactWriter.API)
    result = await svc.apply_facts(tenant, [fact("Alice", "likes", "coffee")], FactWriter.API)
    assert result.inserted == 1 and result.superseded == 0
    assert sorted(f.object for f in await svc.facts(tenant, subject="Alice")) == ["coffee", "tea"]


async def test_tentative_move_soft_conflicts_and_confirmed_move_supersedes(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    svc = service(repository, clock)
    lives = await svc.apply_facts(tenant, [fact("Alice", "lives in", "Istanbul")], FactWriter.API)
    clock.advance(days=1)
    thinking = await svc.apply_facts(
        tenant, [fact("Alice", "lives in", "London", confidence=0.4)], FactWriter.API
    )
    (soft,) = thinking.results
    assert soft.outcome is FactOutcome.SOFT_CONFLICT
    assert soft.others == (lives.results[0].fact_id,)
    both = await svc.facts(tenant, subject="Alice", predicate="lives in")
    assert sorted(f.object for f in both) == ["Istanbul", "London"]
    istanbul = next(f for f in both if f.object == "Istanbul")
    assert istanbul.soft_conflict_with == (soft.fact_id,)
    clock.advance(days=10)
    moved = await svc.apply_facts(
        tenant, [fact("Alice", "lives in", "London", confidence=0.95)], FactWriter.API
    )
    (confirmed,) = moved.results
    assert confirmed.outcome is FactOutcome.SUPERSEDED
    assert set(confirmed.others) == {lives.results[0].fact_id, soft.fact_id}
    now = await svc.facts(tenant, subject="Alice", predicate="lives in")
    assert [(f.object, f.id) for f in now] == [("London", confirmed.fact_id)]
    assert await open_edges(svc, tenant, clock) == {("Alice", "lives in", "London")}


async def test_retrying_a_batch_changes_nothing(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    svc = service(repository, clock)
    batch = [
        fact("Alice", "works at", "Acme"),
        fact("Alice", "works at", "Globex"),
        fact("Bob", "likes", "tea"),
        fact("Bob", "lives in", "Paris", confidence=0.3),
    ]
    first = await svc.apply_facts(tenant, batch, FactWriter.API)
    assert (first.inserted, first.superseded, first.skipped) == (3, 1, 0)
    history = await svc.facts(
        tenant, subject="alice", states=list(FactState), start=T0 - timedelta(days=1)
    )
    clock.advance(hours=1)
    again = await svc.apply_facts(tenant, batch, FactWriter.API)
    assert again.skipped == 4 and again.inserted == again.superseded == 0
    after = await svc.facts(
        tenant, subject="alice", states=list(FactState), start=T0 - timedelta(days=1)
    )
    assert after == history


async def test_bad_facts_cost_the_batch_nothing(repository: Backend, tenant: Tenant) -> None:
    svc = service(repository)
    result = await svc.apply_facts(
        tenant,
        [
            fact("Alice", "works at", "Acme"),
            fact("", "works at", "Nowhere"),
            fact("Bob", "likes", "tea", confidence=1.5),
            {"subject": "Carol"},
            fact("Dan", "owns", "a boat", source="00000000-0000-4000-8000-00000000dead"),
            fact("Erin", "likes", "jazz", colour="blue"),
            fact("???", "likes", "jazz"),
            fact("Bob", "likes", "coffee"),
        ],
        FactWriter.API,
    )
    outcomes = [r.outcome for r in result.results]
    assert outcomes == [
        FactOutcome.INSERTED,
        *[FactOutcome.ERROR] * 6,
        FactOutcome.INSERTED,
    ]
    assert result.errors == 6 and result.inserted == 2
    fields = [r.field for r in result.results]
    assert fields[1] == "subject" and fields[2] == "confidence" and fields[4] == "source"
    assert all(r.reason for r in result.results if r.outcome is FactOutcome.ERROR)
    assert {f.subject for f in await svc.facts(tenant)} == {"Alice", "Bob"}


async def test_fifty_version_chain_answers_every_instant(
    repository: Backend, tenant: Tenant
) -> None:
    svc = service(repository)
    starts = [T0 + timedelta(days=7 * i) for i in range(50)]
    for i, start in enumerate(starts):
        result = await svc.apply_facts(
            tenant,
            [fact("Alice", "plan", f"Tier {i}", valid_from=start.isoformat())],
            FactWriter.API,
        )
        assert result.results[0].outcome is (
            FactOutcome.INSERTED if i == 0 else FactOutcome.SUPERSEDED
        )
    history = await svc.slot_history(tenant, "Alice", "plan")
    assert [f.object for f in history] == [f"Tier {i}" for i in range(50)]
    assert all(f.superseded_by == history[i + 1].id for i, f in enumerate(history[:-1]))
    assert (
        await svc.facts(tenant, subject="Alice", predicate="plan", at=T0 - timedelta(seconds=1))
        == []
    )
    for i, start in enumerate(starts):
        for probe in (
            start,
            start + timedelta(days=3),
            start + timedelta(days=7) - timedelta(microseconds=1),
        ):
            (current,) = await svc.facts(tenant, subject="Alice", predicate="plan", at=probe)
            assert current.object == f"Tier {i}"
    ranged = await svc.facts(
        tenant,
        subject="Alice",
        predicate="plan",
        start=starts[10] + timedelta(days=1),
        end=starts[12] + timedelta(days=1),
    )
    assert sorted(f.object for f in ranged) == ["Tier 10", "Tier 11", "Tier 12"]


async def test_older_news_is_recorded_as_history(repository: Backend, tenant: Tenant) -> None:
    svc = service(repository)
    await svc.apply_facts(
        tenant,
        [fact("Alice", "works at", "Globex", valid_from=(T0 - timedelta(days=10)).isoformat())],
        FactWriter.API,
    )
    late = await svc.apply_facts(
        tenant,
        [fact("Alice", "works at", "Acme", valid_from=(T0 - timedelta(days=400)).isoformat())],
        FactWriter.API,
    )
    assert late.inserted == 1
    assert [f.object for f in await svc.facts(tenant, subject="Alice")] == ["Globex"]
    (then,) = await svc.facts(tenant, subject="Alice", at=T0 - timedelta(days=100))
    assert then.object == "Acme" and then.state is FactState.SUPERSEDED


async def test_retraction_leaves_the_past_intact(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    svc = service(repository, clock)
    result = await svc.apply_facts(tenant, [fact("Alice", "works at", "Acme")], FactWriter.API)
    fact_id = result.results[0].fact_id
    assert fact_id is not None
    clock.advance(days=5)
    retracted = await svc.retract(tenant, fact_id)
    assert retracted.state is FactState.RETRACTED and retracted.invalid_at == clock()
    assert await svc.facts(tenant, subject="Alice") == []
    (before,) = await svc.facts(tenant, subject="Alice", at=T0 + timedelta(days=1))
    assert before.id == fact_id and before.state is FactState.RETRACTED
    assert await open_edges(svc, tenant, clock) == set()
    relations = await svc.repository.open_relations(tenant, T0 + timedelta(days=1))
    assert [r.fact_id for r in relations] == [fact_id]
    # Retracting again, later, finds it ended already: it is returned as it is (a retraction
    # commutes with the other writes of its slot, so a repeat must not fail or move it).
    clock.advance(days=1)
    again = await svc.retract(tenant, fact_id)
    assert (again.state, again.invalid_at) == (FactState.RETRACTED, retracted.invalid_at)
    with pytest.raises(InvalidInput, match="before the fact started"):
        await svc.retract(tenant, fact_id, T0 - timedelta(days=1))


async def test_obligation_relevance_rises_then_it_expires(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    svc = service(repository, clock)
    due = T0 + timedelta(days=3)
    result = await svc.apply_facts(
        tenant,
        [
            fact(
                "Alice",
                "must renew",
                "Passport Office",
                category=Category.OBLIGATIONS,
                event_time=due.isoformat(),
            )
        ],
        FactWriter.API,
    )
    (stored,) = await svc.repository.get_facts(tenant, [result.results[0].fact_id or ""])
    assert stored is not None and stored.valid_to is not None and stored.valid_to > due
    levels = [svc.relevance(stored, due - timedelta(hours=h)) for h in (72, 48, 24, 6, 0)]
    assert levels == sorted(levels) and levels[-1] == 1.0 and levels[0] < 0.5
    assert svc.relevance(stored, due + timedelta(hours=2)) < levels[-1]
    clock.now = stored.valid_to + timedelta(minutes=1)
    assert await svc.facts(tenant, subject="Alice") == []
    assert svc.relevance(stored, clock()) == 0.0


async def test_concurrent_writers_of_one_slot_leave_one_active_fact(
    repository: Backend, tenant: Tenant
) -> None:
    """Instants the server assigns are taken inside the serialised section: each committed
    writer starts after the one before it (on the old code, read before the writes were
    serialised, later-committed older instants overlapped their successors)."""
    clock = TickingClock()
    svc = service(repository, clock)
    await svc.apply_facts(tenant, [fact("Alice", "works at", "Start")], FactWriter.API)
    writers = [
        svc.apply_facts(tenant, [fact("Alice", "works at", f"Company {i}")], FactWriter.API)
        for i in range(8)
    ]
    results = await asyncio.gather(*writers)
    assert all(r.superseded == 1 for r in results)
    active = await svc.facts(tenant, subject="Alice", predicate="works at")
    assert len(active) == 1
    history = await svc.slot_history(tenant, "Alice", "works at")
    assert len(history) == 9
    # an intact chain: every closed fact points at the next one, and one fact is open
    by_id = {f.id: f for f in history}
    closed = [f for f in history if f.state is FactState.SUPERSEDED]
    assert len(closed) == 8 and all(f.superseded_by in by_id for f in closed)
    successors = [f.superseded_by for f in closed]
    assert len(set(successors)) == 8 and active[0].id not in {f.id for f in closed}
    for f in closed:  # no overlap: each value ends where its successor begins
        assert f.valid_to == by_id[str(f.superseded_by)].started_at
    assert await open_edges(svc, tenant, clock) == {("Alice", "works at", active[0].object)}


async def test_an_entitys_facts_filter_by_predicate_and_subject_before_the_limit(
    repository: Backend, tenant: Tenant
) -> None:
    """Many newer facts about an entity must not hide an older one the filters ask for."""
    clock = Clock()
    svc = service(repository, clock)
    await svc.apply_facts(tenant, [fact("Alice", "works at", "Acme")], FactWriter.API)
    clock.advance(days=1)
    await svc.apply_facts(
        tenant, [fact("Alice", "likes", f"dish {n}") for n in range(12)], FactWriter.API
    )
    await svc.apply_facts(tenant, [fact("Bob", "knows", "Alice")], FactWriter.API)
    works = await svc.facts(tenant, entity="Alice", predicate="works at", limit=5)
    assert [f.object for f in works] == ["Acme"]
    about = await svc.facts(tenant, entity="Alice", subject="Bob", limit=5)
    assert [(f.subject, f.object) for f in about] == [("Bob", "Alice")]
