"""A single-valued slot's history is a function of its facts, not of their arrival order — on
every backend. A hypothesis property writes random sets of timestamped facts (equal instants,
repeated values and retractions included) in random orders, one by one and concurrently, and
compares the answer at every instant with the same facts written in start order; plus the
regressions of issue 20 (out-of-order validFrom, a predicate registered as functional after
its facts were stored), each of which failed on the code before the timeline."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import Backend
from schema import FactState, InvalidInput, Tenant
from schema.facts import FactOutcome, FactWriter
from service.usecases.facts import FactService
from tests.engine_support import TickingClock
from tests.factories import T0

pytestmark = pytest.mark.fact_layer

CITIES = ["Paris", "Rome", "Oslo", "Lima"]
PREDICATE = "lives in"


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def service(repository: Backend) -> FactService:
    return FactService(repository, TickingClock(T0 + timedelta(days=400)))


def fact(subject: str, obj: str, start: datetime, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": PREDICATE, "object": obj, "valid_from": start, **extra}


async def answers(
    svc: FactService,
    tenant: Tenant,
    subject: str,
    instants: list[datetime],
    predicate: str = PREDICATE,
) -> list[frozenset[str]]:
    """The slot's objects at each instant."""
    out = []
    for at in instants:
        found = await svc.facts(tenant, subject=subject, predicate=predicate, at=at)
        out.append(frozenset(f.object for f in found))
    return out


# -- regressions ------------------------------------------------------------------------------


async def test_a_late_older_fact_fits_between_its_neighbours(
    repository: Backend, tenant: Tenant
) -> None:
    """Issue 20's report: Paris (2025-06), then Rome (2024-01), then Oslo (2024-06) left Rome
    and Oslo both valid until 2025-06, and asOf 2024-09 answered two cities."""
    svc = service(repository)
    paris, rome, oslo = (
        datetime(2025, 6, 1, tzinfo=T0.tzinfo),
        datetime(2024, 1, 1, tzinfo=T0.tzinfo),
        datetime(2024, 6, 1, tzinfo=T0.tzinfo),
    )
    for city, start in (("Paris", paris), ("Rome", rome), ("Oslo", oslo)):
        result = await svc.apply_facts(tenant, [fact("Carol", city, start)], FactWriter.API)
        assert result.errors == 0
    (now,) = await svc.facts(tenant, subject="Carol", predicate=PREDICATE)
    assert now.object == "Paris"
    at = datetime(2024, 9, 1, tzinfo=T0.tzinfo)
    assert [f.object for f in await svc.facts(tenant, subject="Carol", at=at)] == ["Oslo"]
    history = {f.object: f for f in await svc.slot_history(tenant, "Carol", PREDICATE)}
    assert (history["Rome"].valid_from, history["Rome"].valid_to) == (rome, oslo)
    assert (history["Oslo"].valid_from, history["Oslo"].valid_to) == (oslo, paris)
    assert history["Rome"].superseded_by == history["Oslo"].id
    assert history["Oslo"].superseded_by == history["Paris"].id
    # each record time is still its arrival: the late facts were recorded after Paris
    assert history["Paris"].recorded_at < history["Rome"].recorded_at < history["Oslo"].recorded_at


async def test_a_restatement_keeps_its_value_when_a_change_arrives_between(
    repository: Backend, tenant: Tenant
) -> None:
    """Paris from day 0 and again from day 20, then a late Rome from day 10: from day 20 the
    slot holds Paris again (a skipped restatement would have lost it)."""
    svc = service(repository)
    await svc.apply_facts(tenant, [fact("Dan", "Paris", day(0))], FactWriter.API)
    again = await svc.apply_facts(tenant, [fact("Dan", "Paris", day(20))], FactWriter.API)
    assert again.results[0].outcome is FactOutcome.SUPERSEDED
    await svc.apply_facts(tenant, [fact("Dan", "Rome", day(10))], FactWriter.API)
    got = await answers(svc, tenant, "Dan", [day(5), day(15), day(25)])
    assert got == [frozenset({"Paris"}), frozenset({"Rome"}), frozenset({"Paris"})]


async def test_registering_a_functional_predicate_settles_the_stored_facts(
    repository: Backend, tenant: Tenant
) -> None:
    """Volvo, then `drives` registered as functional, then Saab: both stayed active."""
    svc = service(repository)
    drive = {"subject": "Erin", "predicate": "drives"}
    await svc.apply_facts(
        tenant, [drive | {"object": "Volvo", "valid_from": day(1)}], FactWriter.API
    )
    await svc.apply_facts(
        tenant, [drive | {"object": "Fiat", "valid_from": day(3)}], FactWriter.API
    )
    active = await svc.facts(tenant, subject="Erin", predicate="drives")
    assert sorted(f.object for f in active) == ["Fiat", "Volvo"]  # multi-valued until registered

    preview = await svc.register_functional(tenant, ["Drives"], dry_run=True)
    assert preview.dry_run and [f.object for f in preview.closed] == ["Volvo"]
    assert "drives" not in await svc.functional_predicates(tenant)
    assert len(await svc.facts(tenant, subject="Erin", predicate="drives")) == 2

    done = await svc.register_functional(tenant, ["Drives"])
    assert "drives" in done.predicates
    (volvo,) = done.closed
    assert (volvo.object, volvo.state, volvo.valid_to) == ("Volvo", FactState.SUPERSEDED, day(3))
    assert [f.object for f in await svc.facts(tenant, subject="Erin", predicate="drives")] == [
        "Fiat"
    ]
    assert (await svc.register_functional(tenant, ["drives"])).closed == []  # idempotent

    await svc.apply_facts(
        tenant, [drive | {"object": "Saab", "valid_from": day(5)}], FactWriter.API
    )
    got = await answers(svc, tenant, "Erin", [day(2), day(4), day(6)], "drives")
    assert got == [frozenset({"Volvo"}), frozenset({"Fiat"}), frozenset({"Saab"})]


async def test_registered_predicates_are_bounded(repository: Backend, tenant: Tenant) -> None:
    svc = service(repository)
    with pytest.raises(InvalidInput, match="longer than 200") as long:
        await svc.register_functional(tenant, ["x" * 201])
    assert long.value.field == "predicates"
    await svc.register_functional(tenant, [f"p{i}" for i in range(1000)])
    with pytest.raises(InvalidInput, match="at most 1000"):
        await svc.register_functional(tenant, ["one more"])
    assert len(await svc.functional_predicates(tenant)) >= 1000


# -- the property -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    #: (start day, city) of each fact.
    facts: tuple[tuple[int, str], ...]
    #: (fact index, retraction day) — at most one per fact, never before it starts.
    retractions: tuple[tuple[int, int], ...]
    #: The order the facts arrive in (a permutation of their indexes).
    order: tuple[int, ...]
    #: Where each retraction is issued: after this many writes (at least its fact's).
    retract_after: tuple[int, ...]
    concurrent: bool


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    facts = draw(
        st.lists(st.tuples(st.integers(0, 12), st.sampled_from(CITIES)), min_size=1, max_size=7)
    )
    n = len(facts)
    retracted = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2))
    retractions = tuple((i, facts[i][0] + draw(st.integers(0, 6))) for i in retracted)
    order = tuple(draw(st.permutations(range(n))))
    retract_after = tuple(draw(st.integers(order.index(i) + 1, n)) for i, _ in retractions)
    return Scenario(tuple(facts), retractions, order, retract_after, draw(st.booleans()))


async def play(svc: FactService, tenant: Tenant, subject: str, s: Scenario, ordered: bool) -> None:
    """Write the scenario's facts into `subject`'s slot — in start order (the reference), or in
    its arrival order with its retractions interleaved (concurrently, if it says so)."""
    order = sorted(range(len(s.facts)), key=lambda i: s.facts[i]) if ordered else list(s.order)
    ids: dict[int, str] = {}

    async def write(i: int) -> None:
        start, city = s.facts[i]
        result = await svc.apply_facts(tenant, [fact(subject, city, day(start))], FactWriter.API)
        (r,) = result.results
        assert r.outcome is not FactOutcome.ERROR, r
        assert r.fact_id is not None
        ids[i] = r.fact_id

    async def retract(k: int) -> None:
        i, when = s.retractions[k]
        await svc.retract(tenant, ids[i], day(when))

    if ordered or not s.concurrent:
        pending = list(range(len(s.retractions)))
        for done, i in enumerate(order, start=1):
            await write(i)
            if not ordered:
                for k in [k for k in pending if s.retract_after[k] == done]:
                    pending.remove(k)
                    await retract(k)
        for k in pending:
            await retract(k)
    else:
        await asyncio.gather(*(write(i) for i in order))
        await asyncio.gather(*(retract(k) for k in range(len(s.retractions))))


def instants(s: Scenario) -> list[datetime]:
    days = {start for start, _ in s.facts} | {when for _, when in s.retractions}
    points = {float(d) + offset for d in days for offset in (-0.5, 0.0, 0.5)}
    return [day(p) for p in sorted(points | {30.0})]


async def check(repository: Backend, tenant: Tenant, s: Scenario) -> None:
    svc = service(repository)
    reference, subject = f"ref-{uuid.uuid4().hex[:8]}", f"sub-{uuid.uuid4().hex[:8]}"
    await play(svc, tenant, reference, s, ordered=True)
    await play(svc, tenant, subject, s, ordered=False)
    at = instants(s)
    expected = await answers(svc, tenant, reference, at)
    got = await answers(svc, tenant, subject, at)
    assert all(len(values) <= 1 for values in got), list(zip(at, got, strict=True))
    assert got == expected, [(t, e, g) for t, e, g in zip(at, expected, got, strict=True) if e != g]


async def test_slot_history_does_not_depend_on_arrival_order(
    repository: Backend, tenant: Tenant
) -> None:
    loop = asyncio.get_running_loop()
    examples = 0

    @settings(
        max_examples=40,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(scenarios())
    def run(s: Scenario) -> None:
        nonlocal examples
        examples += 1
        asyncio.run_coroutine_threadsafe(check(repository, tenant, s), loop).result()

    await asyncio.to_thread(run)
    assert examples >= 40
