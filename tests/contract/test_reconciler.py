"""The reconciler on a real engine: repairs every kind of drift between facts and their derived
edges in one pass, changes nothing on the next, expires facts whose time ended, and two runners
at once apply each repair once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from graph_backends import Backend
from reconciler import Reconciler
from schema import Category, FactState, Tenant
from schema.facts import FactWriter, Relation, RelationExpiry
from service.usecases.facts import FactService
from tests.engine_support import Clock

pytestmark = pytest.mark.fact_layer


def fact(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


async def seeded(repository: Backend, tenant: Tenant, clock: Clock) -> FactService:
    svc = FactService(repository, clock)
    await svc.apply_facts(
        tenant,
        [fact(f"Person {i}", "works at", f"Company {i % 7}") for i in range(40)],
        FactWriter.API,
    )
    return svc


async def corrupt(svc: FactService, tenant: Tenant, clock: Clock) -> int:
    """Close 5 edges and point 5 others at the wrong fact; returns how many were damaged."""
    edges = sorted(await svc.repository.open_relations(tenant, clock()), key=lambda r: r.fact_id)
    assert len(edges) == 40
    closed = [
        RelationExpiry(
            e.source, e.target, e.predicate, (e.fact_id,), clock() - timedelta(seconds=1)
        )
        for e in edges[:5]
    ]
    wrong = [
        Relation(source=e.source, target=e.target, predicate=e.predicate, fact_id="not-a-fact")
        for e in edges[5:10]
    ]
    repairs = await svc.repository.project_relations(tenant, wrong, closed, clock())
    assert (repairs.expired, repairs.updated) == (5, 5)
    return 10


async def test_one_pass_repairs_everything_and_the_next_changes_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    svc = await seeded(repository, tenant, clock)
    damaged = await corrupt(svc, tenant, clock)
    clock.advance(minutes=1)
    reconciler = Reconciler(svc.repository, clock)
    dry = await reconciler.reconcile(tenant, dry_run=True)
    assert (dry.result, dry.planned) == ("dry_run", damaged)
    report = await reconciler.reconcile(tenant)
    assert report.result == "applied"
    assert (report.edges_created, report.edges_updated) == (5, 5)
    again = await reconciler.reconcile(tenant)
    assert (again.repairs, again.planned) == (0, 0)
    edges = await svc.repository.open_relations(tenant, clock())
    facts = {f.id for f in await svc.facts(tenant)}
    assert len(edges) == 40 and {e.fact_id for e in edges} == facts


async def test_an_edge_without_an_active_fact_is_closed_at_the_facts_instant(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    svc = FactService(repository, clock)
    first = await svc.apply_facts(tenant, [fact("Alice", "works at", "Acme")], FactWriter.API)
    acme = first.results[0].fact_id
    assert acme is not None
    clock.advance(days=2)

    class Killed(Exception):
        pass

    def kill(point: str) -> None:
        raise Killed(point)

    # drift: the writer dies between the supersession's fact write and its projection, so the
    # Acme edge stays open and Globex has none
    dying = FactService(repository, clock, fault=kill)
    with pytest.raises(Killed):
        await dying.apply_facts(tenant, [fact("Alice", "works at", "Globex")], FactWriter.API)
    superseded_at = clock()
    assert {r.fact_id for r in await svc.repository.open_relations(tenant, clock())} == {acme}
    clock.advance(days=5)
    report = await Reconciler(svc.repository, clock).reconcile(tenant)
    assert (report.edges_expired, report.edges_created) == (1, 1)
    at_supersession = await svc.repository.open_relations(
        tenant, superseded_at - timedelta(microseconds=1)
    )
    assert acme in {r.fact_id for r in at_supersession}
    assert acme not in {
        r.fact_id for r in await svc.repository.open_relations(tenant, superseded_at)
    }


async def test_ended_facts_expire_with_their_edges(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    svc = FactService(repository, clock)
    due = clock() + timedelta(hours=5)
    result = await svc.apply_facts(
        tenant,
        [
            fact(
                "Alice",
                "meets",
                "Bob Smith",
                category=Category.LOGISTICAL_CONTEXT,
                event_time=due.isoformat(),
            )
        ],
        FactWriter.API,
    )
    (stored,) = await svc.repository.get_facts(tenant, [result.results[0].fact_id or ""])
    assert stored is not None and stored.valid_to is not None
    assert len(await svc.repository.open_relations(tenant, clock())) == 1
    clock.now = stored.valid_to + timedelta(hours=1)
    report = await Reconciler(svc.repository, clock).reconcile(tenant)
    assert report.facts_expired == 1
    (after,) = await svc.repository.get_facts(tenant, [stored.id])
    assert after is not None and after.state is FactState.EXPIRED
    assert after.valid_to == stored.valid_to  # expiry is a state step; the times stay
    assert await svc.repository.open_relations(tenant, clock()) == []
    assert (
        len(await svc.repository.open_relations(tenant, stored.valid_to - timedelta(seconds=1)))
        == 1
    )


async def test_two_runners_at_once_apply_each_repair_once(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    svc = await seeded(repository, tenant, clock)
    damaged = await corrupt(svc, tenant, clock)
    clock.advance(minutes=1)
    runners = [Reconciler(svc.repository, clock, owner=f"runner-{i}") for i in range(2)]
    reports = await asyncio.gather(*(r.reconcile(tenant) for r in runners))
    assert sum(r.repairs for r in reports) == damaged
    assert sorted(r.result for r in reports) in (["applied", "applied"], ["applied", "lease_held"])
    assert (await runners[0].reconcile(tenant)).repairs == 0
