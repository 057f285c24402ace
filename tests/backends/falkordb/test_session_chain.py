"""A store finds the turns around the new one in its session from the (source_session,
created_at) index; the ids break a tie of instants only, after the index.

`previous_in_sessions` and `next_in_sessions` compared `m.id < t.id` (`>`) inside an OR with the
instants, and FalkorDB pushed that comparison into the index scan as an id range: every memory
of the tenant with a smaller id was walked on each store (with time-ordered UUIDv7 ids, every
older memory; 5–7.5 ms a store at 10,000 memories, growing with the tenant), and every memory
with a greater one for `next` (UUIDv4 ids, imported history). The index scan reports none of
that walk as records produced, so the test reads the plan: the id comparison is a Filter above
the index scan, not part of it.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from cypher import load
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.backends.falkordb.recording import recorded_queries
from tests.conftest import DIMENSION, new_tenant
from tests.factories import T0, memory


async def test_the_turns_around_a_new_one_are_read_from_the_session_index(
    tmp_path: Path,
) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)  # the session index among them
        turns = [
            memory(f"turn {i}", source_session="s", created_at=T0 + timedelta(minutes=i))
            for i in range(3)
        ]
        crowd = [memory(f"other {i}", source_session="t", created_at=T0) for i in range(50)]
        await repo.upsert_memories(tenant, [*turns, *crowd])
        new = memory("new", source_session="s", created_at=T0 + timedelta(minutes=1))
        with recorded_queries(repo) as sent:
            found = await repo.session_neighbours(tenant, [("s", new.created_at, new.id)])
        ((previous, following),) = found
        assert previous is not None and following is not None
        # Tied with turn 1: the id decides which side of it the new turn falls.
        if new.id > turns[1].id:
            assert (previous[0], following[0]) == (turns[1].id, turns[2].id)
        else:
            assert (previous[0], following[0]) == (turns[0].id, turns[1].id)

        graph = repo._db.select_graph(tenant.key)
        assert {str(name.value) for name, _ in sent} == {
            "previous_in_sessions",
            "next_in_sessions",
        }
        for name, params in sent:
            query = load(name, "falkordb")
            explained = await graph.explain(query.render(), query.bind(params))
            plan = [line.strip() for line in str(explained).splitlines()]
            scans = [i for i, op in enumerate(plan) if op.startswith("Node By Index Scan")]
            assert len(scans) == 1, f"{name}: not one index scan: {plan}"
            (scan,) = scans
            assert plan[scan - 1] == "Filter", f"{name}: the ids are compared in the scan: {plan}"
