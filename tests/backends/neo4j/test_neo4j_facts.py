"""The fact layer on Neo4j, where every tenant shares one database and reads take no locks.
Locked in here, on the real engine: a writer of a conflict key waits for the transaction that
holds the key's slot and then reads what it committed, while writers of other keys do not
wait; projections applied out of commit order end as if applied in order; one lease has one
holder however many runners race for it; and two tenants asserting the very same facts (same
entity ids, same conflict keys) never see or change each other's, dropping one included."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from cypher import FactQueryName, load
from graph_backends import open_backend
from graph_backends._common.fact_records import fact_props
from graph_backends.neo4j.repository import Neo4jRepository
from schema import Tenant
from schema.facts import (
    ExtractionRecord,
    ExtractionStatus,
    Fact,
    FactQuery,
    FactSnapshot,
    FactWrite,
    FactWriter,
    entity_id,
)
from service.usecases.facts import FactService
from tests.conftest import BACKENDS, backend_config, new_tenant
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0, memory

SLOT = "slot\x1falice\x1fworks at"
OTHER_SLOT = "slot\x1fbob\x1fworks at"


@pytest.fixture(scope="session")
async def neo4j(request: pytest.FixtureRequest) -> AsyncIterator[Neo4jRepository]:
    async with open_backend(backend_config(request, "neo4j")) as repository:
        assert isinstance(repository, Neo4jRepository)
        yield repository


@pytest.fixture
async def tenant(neo4j: Neo4jRepository) -> AsyncIterator[Tenant]:
    t = new_tenant()
    await neo4j.ensure_schema(t)
    await neo4j.ensure_fact_schema(t)
    try:
        yield t
    finally:
        await neo4j.drop_tenant(t)


def fact(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


def stored_fact(fact_id: str, obj: str) -> Fact:
    """An active "Alice works at <obj>" fact as the write path builds it."""
    key = obj.lower()
    return Fact(
        id=fact_id,
        subject="Alice",
        predicate="works at",
        object=obj,
        subject_key="alice",
        predicate_key="works at",
        object_key=key,
        subject_entity=entity_id("alice"),
        object_entity=entity_id(key),
        conflict_key=SLOT,
        single_valued=True,
        fingerprint=f"fingerprint-{fact_id}",
        recorded_at=T0,
    )


class TestNeo4jFacts:
    # Collected only when Neo4j is among the selected backends (RETENTIA_BACKEND).
    __test__ = "neo4j" in BACKENDS

    async def test_a_writer_of_a_held_slot_waits_then_reads_what_was_committed(
        self, neo4j: Neo4jRepository, tenant: Tenant
    ) -> None:
        """While another transaction holds a conflict key's slot, commit_facts for that key
        does not read, plan or write; once the holder commits, its snapshot holds the
        holder's fact. A writer of another key goes ahead meanwhile."""
        svc = FactService(neo4j, Clock())
        await svc.apply_facts(tenant, [fact("Alice", "works at", "Start")], FactWriter.API)
        await svc.apply_facts(tenant, [fact("Bob", "works at", "Start")], FactWriter.API)
        seen: dict[str, FactSnapshot] = {}

        def recorder(name: str) -> Any:
            def plan(snapshot: FactSnapshot) -> FactWrite:
                seen[name] = snapshot
                return FactWrite()

            return plan

        def commit(name: str, key: str) -> Any:
            return neo4j.commit_facts(
                tenant, keys={key}, fingerprints=(), now=T0, plan=recorder(name)
            )

        lock = load(FactQueryName.FACTS_BY_KEYS, "neo4j")
        async with neo4j._driver.session(database=neo4j._database) as session:
            holder = await session.begin_transaction()
            try:
                params = neo4j._bind(tenant, lock, {"keys": [SLOT], "now": 0})
                await (await holder.run(lock.text, params)).consume()
                waiting = asyncio.create_task(commit("same", SLOT))
                await commit("other", OTHER_SLOT)  # another key: not held up
                await asyncio.sleep(0.5)
                assert "same" not in seen and not waiting.done()
                insert = load(FactQueryName.INSERT_FACTS, "neo4j")
                rows = [{"props": fact_props(stored_fact("held", "Acme"))}]
                await (
                    await holder.run(insert.text, neo4j._bind(tenant, insert, {"rows": rows}))
                ).consume()
                await holder.commit()
            finally:
                if not holder.closed():
                    await holder.rollback()
            await asyncio.wait_for(waiting, timeout=30)
        assert sorted(f.object for f in seen["same"].facts[SLOT]) == ["Acme", "Start"]
        assert [f.object for f in seen["other"].facts[OTHER_SLOT]] == ["Start"]

    async def test_projections_out_of_commit_order_end_as_in_order(
        self, neo4j: Neo4jRepository, tenant: Tenant
    ) -> None:
        """The successor's projection expires the first fact's edge before the first writer
        projects it: the late edge is recorded closed at the supersession instant, so only
        the successor's edge is open, and the first one's is there for the instants before."""
        clock = Clock()
        committed, gate = asyncio.Event(), asyncio.Event()

        async def held(point: str) -> None:
            if point == "after_fact_write":
                committed.set()
                await gate.wait()

        first = asyncio.create_task(
            FactService(neo4j, clock, fault=held).apply_facts(
                tenant, [fact("Alice", "works at", "Acme")], FactWriter.API
            )
        )
        await asyncio.wait_for(committed.wait(), timeout=30)  # committed, projection held
        clock.advance(days=3)
        svc = FactService(neo4j, clock)
        second = await svc.apply_facts(
            tenant, [fact("Alice", "works at", "Globex")], FactWriter.API
        )
        assert second.superseded == 1
        gate.set()
        acme = (await first).results[0].fact_id
        open_now = await neo4j.open_relations(tenant, clock())
        assert [r.fact_id for r in open_now] == [second.results[0].fact_id]
        before = await neo4j.open_relations(tenant, clock() - timedelta(microseconds=1))
        assert {r.fact_id for r in before} == {acme, second.results[0].fact_id}
        (late,) = [r for r in before if r.fact_id == acme]
        assert late.valid_to == clock()
        (stored,) = await neo4j.get_facts(tenant, [acme or ""])
        assert stored is not None and stored.valid_to == clock()  # the mark stays internal

    async def test_one_lease_has_one_holder(self, neo4j: Neo4jRepository, tenant: Tenant) -> None:
        """Eight runners race for an expired lease: exactly one gets it."""
        assert await neo4j.acquire_lease(tenant, "reconcile", "old", T0, timedelta(minutes=1))
        later = T0 + timedelta(minutes=2)
        won = await asyncio.gather(
            *(
                neo4j.acquire_lease(tenant, "reconcile", f"runner-{i}", later, timedelta(minutes=5))
                for i in range(8)
            )
        )
        assert sum(won) == 1
        winner = f"runner-{won.index(True)}"
        assert await neo4j.acquire_lease(tenant, "reconcile", winner, later, timedelta(minutes=5))
        assert not await neo4j.acquire_lease(tenant, "reconcile", "old", later, timedelta(0))

    async def test_identical_facts_in_two_tenants_stay_apart(self, neo4j: Neo4jRepository) -> None:
        """Alpha and beta assert the same facts, so their entities and conflict keys have the
        same ids: writes, supersession, retraction, projection, leases, extraction records,
        searches and dropping alpha leave beta exactly as it was."""
        alpha, beta = new_tenant(), new_tenant()
        clock = Clock()
        embedder = HashEmbedder()
        note = memory("Notes about Alice and Acme Robotics")
        for t in (alpha, beta):
            await neo4j.ensure_schema(t)
            await neo4j.upsert_memories(t, [note])
        facts = [
            fact("Alice", "works at", "Acme Robotics", source=note.id),
            fact("Acme Robotics", "located in", "Berlin", source=note.id),
            fact("Alice", "likes", "tea"),
        ]
        record = ExtractionRecord(note.id, ExtractionStatus.DONE, T0, facts=3)

        async def view(t: Tenant) -> dict[str, Any]:
            everything = FactQuery(states=None, start=T0 - timedelta(days=1))
            vector = (await embedder.embed(["Alice works at Acme Robotics"]))[0]
            return {
                "facts": await neo4j.find_facts(t, everything),
                "active": sorted(await neo4j.active_state_facts(t), key=lambda f: f.id),
                "edges": sorted(await neo4j.open_relations(t, clock()), key=lambda r: r.key),
                "entities": await neo4j.get_entities(t, [entity_id("alice"), entity_id("berlin")]),
                "of_memory": await neo4j.facts_of_memories(t, [note.id]),
                "about": await neo4j.memories_about_entities(t, {entity_id("berlin")}, clock(), 10),
                # Lucene's scores use index-wide statistics, which other tenants move (ADR
                # 0007); which facts match, and in which order here, must not move.
                "text": [
                    h.fact_id for h in await neo4j.fact_fulltext_search(t, "robotics", clock(), 10)
                ],
                "vector": await neo4j.fact_vector_search(t, vector, clock(), 10),
                "extractions": await neo4j.get_extractions(t, [note.id]),
            }

        try:
            beta_svc = FactService(neo4j, clock, embedder=embedder)
            await beta_svc.apply_facts(beta, facts, FactWriter.MEMORY)
            await neo4j.record_extractions(beta, [record])
            assert await neo4j.acquire_lease(beta, "reconcile", "beta", T0, timedelta(hours=1))
            before = await view(beta)
            assert len(before["facts"]) == 3 and len(before["edges"]) == 2
            assert before["about"] == {note.id: 0}
            assert set(before["text"]) == {
                f.id for f in before["facts"] if "Acme Robotics" in (f.subject, f.object)
            }

            svc = FactService(neo4j, clock, embedder=embedder)
            first = await svc.apply_facts(alpha, facts, FactWriter.MEMORY)
            assert first.inserted == 3  # nothing of beta's counts as recorded in alpha
            assert len(await neo4j.find_facts(alpha, FactQuery())) == 3
            clock.advance(days=1)
            moved = await svc.apply_facts(
                alpha, [fact("Alice", "works at", "Globex", source=note.id)], FactWriter.MEMORY
            )
            assert moved.superseded == 1
            (tea,) = await neo4j.find_facts(alpha, FactQuery(subject="alice", predicate="likes"))
            await svc.retract(alpha, tea.id)
            await neo4j.record_extractions(alpha, [record])
            # beta's lease does not hold alpha's of the same name
            assert await neo4j.acquire_lease(alpha, "reconcile", "alpha", clock(), timedelta(0))
            assert len(await neo4j.open_relations(alpha, clock())) == 2
            clock.advance(minutes=1)
            assert await view(beta) == before
            await neo4j.drop_tenant(alpha)
            async with neo4j._driver.session(database=neo4j._database) as session:
                result = await session.run(
                    "MATCH (n {tenant: $tenant}) RETURN count(n) AS n "
                    "UNION ALL MATCH ()-[r {tenant: $tenant}]->() RETURN count(r) AS n",
                    tenant=alpha.key,
                )
                assert [r["n"] async for r in result] == [0, 0]
            assert await view(beta) == before
        finally:
            for t in (alpha, beta):
                await neo4j.drop_tenant(t)
