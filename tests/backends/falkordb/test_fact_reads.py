"""Fact reads read what their answer needs, counted from FalkorDB's own profile of the queries
the repository sent.

- A read of one subject's facts reads that subject's facts, not the tenant's. find_facts's
  optional `$subject IS NULL OR f.subject_key = $subject` kept FalkorDB from using the
  subject_key index: every slot read (a slot's history, recall's earlier values with historical
  intent, erasure's facts about a person) scanned every fact of the tenant (35,214 at 250,000
  memories, 7 ms).
- The graph leg's read of memories about entities walks the second RELATES hop only when the
  first does not fill its limit (`graph_backends/_common/entity_reach.py`).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from schema.facts import FactQuery, FactWriter, entity_id
from service.engine.text import normalise
from service.usecases.facts import FactService
from tests.backends.falkordb.recording import recorded_queries, records_produced
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import TickingClock
from tests.factories import T0, memory

YEAR = timedelta(days=365)


async def test_a_subjects_facts_are_read_from_its_index(tmp_path: Path) -> None:
    tenant = new_tenant()
    people, places = 40, 3
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        facts = FactService(repo, TickingClock())
        for place in range(places):  # each person's slot superseded twice: 3 facts a person
            batch = [
                {"subject": f"Person {p}", "predicate": "lives in", "object": f"City {place}"}
                for p in range(people)
            ]
            await facts.apply_facts(tenant, batch, FactWriter.API)
        with recorded_queries(repo) as sent:
            history = await facts.slot_history(tenant, "Person 7", "lives in")
            found = await repo.find_facts(tenant, FactQuery(subject="person 7", states=None))
        assert [f.object for f in history] == [f"City {p}" for p in range(places)]  # oldest first
        assert {f.id for f in found} == {f.id for f in history}

        reads = [(name, params) for name, params in sent if "facts" in str(name)]
        assert reads, sent
        scans = ("Node By Label Scan", "Node By Index Scan", "All Node Scan")
        for read in reads:
            produced = await records_produced(repo, tenant, [read], *scans)
            # The subject's 3 facts, not the tenant's 120.
            assert produced <= places, f"{read[0]}: {produced} facts read for one subject"


async def test_the_graph_leg_reads_two_hops_only_when_one_is_short(tmp_path: Path) -> None:
    """`memories_about_entities` reads the facts of entities two RELATES hops away only when
    those within one hop are fewer than its limit: at 250,000 memories the second hop held
    thousands of memories the answer never reached, 20 ms of the query's 23."""
    tenant = new_tenant()
    residents = 40
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        facts = FactService(repo, TickingClock())
        said = [
            ("Alice", "works at", "Acme"),  # hop 0 from Alice
            ("Acme", "located in", "Berlin"),  # hop 1
            *((f"Resident {i}", "lives in", "Berlin") for i in range(residents)),  # hop 2
        ]
        stored = [memory(f"{s} {p} {o}") for s, p, o in said]
        await repo.upsert_memories(tenant, stored)
        for m, (s, p, o) in zip(stored, said, strict=True):
            triple = {"subject": s, "predicate": p, "object": o}
            await facts.apply_facts(tenant, [triple], FactWriter.MEMORY, source=m.id)
        alice = {entity_id(normalise("Alice"))}

        async def facts_read(limit: int) -> tuple[dict[str, int], int]:
            with recorded_queries(repo) as sent:
                found = await repo.memories_about_entities(tenant, alice, T0 + YEAR, limit)
            read = await records_produced(repo, tenant, sent, "Conditional Traverse")
            return found, read

        near, near_read = await facts_read(2)
        assert near == {stored[0].id: 0, stored[1].id: 1}
        # Berlin's residents' facts are never read (every hop of the whole walk: ~4 × 40).
        assert near_read < residents, near_read
        # One more than one hop holds: the second hop is read, nearest first.
        far, far_read = await facts_read(3)
        assert list(far.values()) == [0, 1, 2] and far_read > residents
