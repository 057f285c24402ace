"""Facts in recall on a real engine: the facts matching the query come back beside the memories
(with or without a source memory), current by default, earlier values with historical intent,
the value of the time with `asOf`, and explain shows each one's leg ranks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph_backends import GraphRepository
from schema import Tenant
from schema.facts import FactQuery, FactWriter
from service.engine.query import Intent
from service.usecases.explain import ExplainService
from service.usecases.recall import RecallResult
from tests.contract.test_recall import World, fact

pytestmark = pytest.mark.fact_layer

JAN = datetime(2025, 1, 1, tzinfo=UTC)
JUNE = datetime(2025, 6, 1, tzinfo=UTC)


@pytest.fixture
async def world(repository: GraphRepository, tenant: Tenant) -> World:
    world = World(repository, tenant)
    world.clock.now = datetime(2025, 9, 1, tzinfo=UTC)
    return world


def objects(result: RecallResult, *, current: bool | None = None) -> list[str]:
    return [h.fact.object for h in result.facts if current is None or h.current is current]


async def moves(world: World) -> str:
    """Carol's home, stated by the API without a memory (Rome, then Oslo from June), and one
    memory-sourced fact about her work."""
    await world.facts.apply_facts(
        world.tenant,
        [fact("Carol", "lives in", "Rome", valid_from=JAN, functional=True)],
        FactWriter.API,
    )
    await world.facts.apply_facts(
        world.tenant,
        [fact("Carol", "lives in", "Oslo", valid_from=JUNE, functional=True)],
        FactWriter.API,
    )
    return await world.put(
        "Carol told me about her job", facts=[fact("Carol", "works at", "Initech")]
    )


async def test_a_fact_without_a_memory_is_recalled(world: World) -> None:
    await moves(world)
    result = await world.recall("Where does Carol live?")
    assert "Oslo" in objects(result)
    oslo = next(h for h in result.facts if h.fact.object == "Oslo")
    assert oslo.fact.source is None and oslo.current
    assert oslo.fact.valid_from == JUNE and oslo.fact.confidence == 1.0
    assert oslo.legs and oslo.score > 0
    assert "Rome" not in objects(result)  # superseded: not current


async def test_a_memory_sourced_fact_names_its_memory(world: World) -> None:
    job = await moves(world)
    result = await world.recall("Carol works at Initech")
    initech = next(h for h in result.facts if h.fact.object == "Initech")
    assert initech.fact.source == job


async def test_historical_intent_brings_the_earlier_value_after_the_current(world: World) -> None:
    await moves(world)
    result = await world.recall("Where did Carol live before?")
    assert result.intent is Intent.HISTORICAL
    found = objects(result)
    assert "Rome" in objects(result, current=False)
    assert found.index("Oslo") < found.index("Rome")
    forced = await world.recall("Where does Carol live?", intent=Intent.HISTORICAL)
    assert "Rome" in objects(forced, current=False)


async def test_as_of_answers_with_the_value_of_the_time(world: World) -> None:
    await moves(world)
    march = await world.recall("Where does Carol live?", as_of=datetime(2025, 3, 1, tzinfo=UTC))
    assert "Rome" in objects(march, current=True)
    assert "Oslo" not in objects(march)


async def test_fact_legs_switched_off_return_no_facts(world: World) -> None:
    await moves(world)
    result = await world.recall("Where does Carol live?", legs=frozenset({"fulltext", "vector"}))
    assert result.facts == []


async def test_an_empty_tenant_recalls_no_facts(world: World) -> None:
    assert (await world.recall("Where does Carol live?")).facts == []


async def test_explain_shows_how_the_facts_ranked(world: World) -> None:
    job = await moves(world)
    explain = ExplainService(world.memories, world.recall_service())
    ranked = await explain.explain_ranked(world.tenant, job, "Where does Carol live?")
    oslo = next(h for h in ranked.facts if h.fact.object == "Oslo")
    assert set(oslo.legs) <= {"fact_fulltext", "fact_vector"} and oslo.legs
    assert [h.score for h in ranked.facts] == sorted((h.score for h in ranked.facts), reverse=True)


async def test_a_tenant_s_first_fact_is_recalled_by_a_service_that_found_none_before(
    world: World,
) -> None:
    """Recall skips the fact legs, and the graph leg's read of the memories asserting facts
    about the named entities, on a tenant holding no fact, and does not keep that answer: the
    first fact another writer (another process) adds is recalled at once, and the memory
    asserting it found by the graph leg."""
    from service.usecases.recall import RecallRequest

    await world.put("Carol told me about her week")
    service = world.recall_service()
    request = RecallRequest(query="Where does Carol live?", read_only=True)
    graph = RecallRequest(query="Where does Carol live?", read_only=True, legs=frozenset({"graph"}))
    before = await service.recall(world.tenant, request)
    assert before.facts == [] and before.hits
    assert not any("graph" in h.legs for h in (await service.recall(world.tenant, graph)).hits)
    job = await moves(world)
    after = await service.recall(world.tenant, request)
    assert "Oslo" in objects(after)
    found = await service.recall(world.tenant, graph)
    assert any(h.memory.id == job and "graph" in h.legs for h in found.hits)


async def test_holds_facts_counts_a_fact_in_any_state(world: World) -> None:
    """`holds_facts`, recall's check before its fact legs: False on a tenant holding memories
    only, True from its first fact, and still True once that fact is retracted (a retracted
    fact is held: audit intent and as-of reads still find it)."""
    await world.put("Carol told me about her week")
    assert await world.store.holds_facts(world.tenant) is False
    await world.facts.apply_facts(
        world.tenant, [fact("Carol", "lives in", "Rome", functional=True)], FactWriter.API
    )
    assert await world.store.holds_facts(world.tenant) is True
    (rome,) = await world.store.fact_page(world.tenant, after="", limit=10)
    await world.facts.retract(world.tenant, rome.id)
    assert await world.store.holds_facts(world.tenant) is True


async def test_the_fact_vector_leg_finds_facts_in_force_behind_their_history(
    world: World,
) -> None:
    """The nearest facts the vector index returns are filtered to those in force at the
    instant after it: a tenant whose slots changed often (most of its facts superseded
    history) still gets k facts in force where k exist. The leg asked the index for 4k + 1 once
    on FalkorDB and SurrealDB, and returned what of those was in force — here 2 of 5."""
    people, moves_each, k = 10, 8, 5
    for move in range(moves_each):
        await world.facts.apply_facts(
            world.tenant,
            [
                fact(f"Person {p}", "lives in", f"City {move}", functional=True)
                for p in range(people)
            ],
            FactWriter.API,
        )
        world.clock.advance(days=30)
    (vector,) = await world.embedder.embed(["Person 3 lives in City 2"])
    hits = await world.store.fact_vector_search(world.tenant, vector, world.clock(), k)
    current = {
        f.id
        for f in await world.store.find_facts(
            world.tenant, FactQuery(predicate="lives in", at=world.clock())
        )
    }
    assert len(current) == people
    assert len(hits) == k
    assert {h.fact_id for h in hits} <= current
