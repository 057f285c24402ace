"""A read of one subject's facts reads that subject's facts, not the tenant's. find_facts's
optional `$subject IS NULL OR f.subject_key = $subject` kept FalkorDB from using the
subject_key index: every slot read (a slot's history, recall's earlier values with historical
intent, erasure's facts about a person) scanned every fact of the tenant (35,214 at 250,000
memories, 7 ms). Counted from FalkorDB's own profile of the queries the repository sent."""

from __future__ import annotations

from pathlib import Path

from cypher import load
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from schema.facts import FactQuery, FactWriter
from service.usecases.facts import FactService
from tests.backends.falkordb.recording import recorded_queries
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import TickingClock


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
        graph = repo._db.select_graph(tenant.key)

        with recorded_queries(repo) as sent:
            history = await facts.slot_history(tenant, "Person 7", "lives in")
            found = await repo.find_facts(tenant, FactQuery(subject="person 7", states=None))
        assert [f.object for f in history] == [f"City {p}" for p in range(places)]  # oldest first
        assert {f.id for f in found} == {f.id for f in history}

        reads = [(name, params) for name, params in sent if "facts" in str(name)]
        assert reads, sent
        for name, params in reads:
            q = load(name, "falkordb")
            profile = await graph.profile(q.render(), q.bind(params))
            produced = sum(
                op.records_produced
                for kind in ("Node By Label Scan", "Node By Index Scan", "All Node Scan")
                for op in profile.collect_operations(kind)
            )
            # The subject's 3 facts, not the tenant's 120.
            assert produced <= places, f"{name}: {produced} facts read for one subject"
