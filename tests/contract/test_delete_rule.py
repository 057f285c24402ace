"""Deleting memories retracts the facts only they asserted, on every backend (docs/adr/0021):
nothing a deleted memory alone said stays active — the issue's repro: a memory about Zoe Smith
with facts, amended, both deleted, and `facts(entity: "Zoe Smith")` still answered them ACTIVE
— while a fact another memory also states stays as it is, and an as-of read of an instant
before the deletion still shows what was believed then. Forgetting, in maintenance, keeps the
facts and names them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graph_backends import GraphRepository
from schema import FactState, Tenant
from schema.facts import FactQuery, FactWriter, entity_id
from service.engine.text import normalise
from tests.contract.erasure_support import fact, store, use_cases
from tests.engine_support import Clock
from tests.factories import T0

pytestmark = pytest.mark.fact_layer

ZOE = entity_id(normalise("Zoe Smith"))


async def test_deleting_a_memory_and_its_amendment_leaves_none_of_its_facts_active(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """The issue's repro. On the code before the rule (a delete of the memory graph alone) the
    last assertions fail: both facts are still ACTIVE, sourced from the deleted memory."""
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        memory = await store(
            uses,
            tenant,
            "Zoe Smith has diabetes and lives at 12 Elm Street",
            [
                fact("Zoe Smith", "has condition", "diabetes"),
                fact("Zoe Smith", "lives in", "12 Elm Street"),
            ],
        )
        clock.advance(hours=1)
        amended = await uses.writes.amend(tenant, memory, "Zoe Smith has type 2 diabetes")
        clock.advance(hours=1)
        believed = clock()
        assert len(await uses.facts.facts(tenant, entity="Zoe Smith")) == 2
        clock.advance(hours=1)

        report = await uses.writes.delete(tenant, [memory, amended.memory.id])

        assert set(report.deleted) == {memory, amended.memory.id}
        assert await uses.facts.facts(tenant, entity="Zoe Smith") == []
        active = await repository.find_facts(
            tenant, FactQuery(entity=ZOE, states=(FactState.ACTIVE,))
        )
        assert active == []
        every = await repository.find_facts(tenant, FactQuery(entity=ZOE))
        assert {f.state for f in every} == {FactState.RETRACTED}
        assert {f.id for f in every} == set(report.retracted_facts)
        assert {f.source for f in every} == {memory}
        assert all(f.invalid_at == clock() for f in every)
        # What was believed before the deletion is still what an as-of read of then answers.
        then = await uses.facts.facts(tenant, entity="Zoe Smith", at=believed)
        assert {f.object for f in then} == {"diabetes", "12 Elm Street"}
        relations = await repository.open_relations(tenant, clock())
        assert all(ZOE not in (r.source, r.target) for r in relations)


async def test_a_fact_another_memory_also_states_stays_until_the_last_one_goes(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        first = await store(
            uses, tenant, "Bob Jones likes green tea", [fact("Bob Jones", "likes", "green tea")]
        )
        clock.advance(minutes=1)
        second = await store(uses, tenant, "Bob drinks green tea daily", [])
        # Another writer (ingestFacts) attributes the same fact to the second memory: recorded
        # already, so it is skipped — and the second memory asserts it too.
        again = await uses.writes.ingest_facts(
            tenant, [fact("Bob Jones", "likes", "green tea", source=second)], FactWriter.API
        )
        (result,) = again.results
        assert again.skipped == 1
        asserters = await repository.fact_asserters(tenant, [str(result.fact_id)])
        assert asserters == {str(result.fact_id): sorted([first, second])}

        kept = await uses.writes.delete(tenant, [first])
        assert kept.retracted_facts == ()
        (held,) = await repository.get_facts(tenant, [str(result.fact_id)])
        assert held is not None and held.state is FactState.ACTIVE

        gone = await uses.writes.delete(tenant, [second])
        assert gone.retracted_facts == (result.fact_id,)
        assert await uses.facts.facts(tenant, subject="Bob Jones") == []


async def test_a_fact_that_starts_later_is_retracted_from_its_start(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        later = T0 + timedelta(days=30)
        memory = await store(
            uses,
            tenant,
            "Zoe Smith will move to Leeds next month",
            [fact("Zoe Smith", "lives in", "Leeds", valid_from=later.isoformat())],
        )
        report = await uses.writes.delete(tenant, [memory])
        (retracted,) = await repository.get_facts(tenant, list(report.retracted_facts))
        assert retracted is not None and retracted.invalid_at == later
        assert (
            await uses.facts.facts(tenant, entity="Zoe Smith", at=later + timedelta(days=1)) == []
        )


async def test_forgetting_keeps_the_facts_of_a_forgotten_memory_and_names_them(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """A forgotten memory was not worth keeping; what it established still holds (ADR 0021):
    its fact stays active, and the pass names it."""
    clock = Clock(T0 - timedelta(days=365))
    async with use_cases(repository, tenant, clock) as uses:
        memory = await store(
            uses, tenant, "an aside: Zoe Smith likes jazz", [fact("Zoe Smith", "likes", "jazz")]
        )
        (written,) = await repository.find_facts(tenant, FactQuery(entity=ZOE))
        clock.now = T0
        report = await uses.maintenance.maintain(tenant)
        assert report.forgotten == [memory]
        assert report.facts_kept == [written.id]
        (held,) = await repository.get_facts(tenant, [written.id])
        assert held is not None and held.state is FactState.ACTIVE
