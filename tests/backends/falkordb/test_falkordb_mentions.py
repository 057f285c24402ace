"""FalkorDB answers "memories naming X" through a range index on a stored lower-cased copy of
each memory's entity names, and gives that copy to memories stored before it existed."""

from __future__ import annotations

from pathlib import Path

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.conftest import DIMENSION, new_tenant
from tests.factories import memory


async def test_mentions_use_the_index_and_older_memories_are_backfilled(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        old = memory("Met Tomas at Pinnacle", entities=("Tomas Rossi", "Pinnacle"))
        new = memory("Pinnacle shipped compression", entities=("PINNACLE",))
        other = memory("Unrelated", entities=("Acme",))
        await repo.upsert_memories(tenant, [old, new, other])
        found = await repo.memories_mentioning(tenant, ["pinnacle"], 10)
        assert set(found) == {old.id, new.id}

        # What a store written before this change holds: no entity_keys, no index.
        graph = repo._db.select_graph(tenant.key)
        await graph.query("DROP INDEX FOR (m:Memory) ON (m.entity_keys)")
        await graph.query("MATCH (m:Memory) REMOVE m.entity_keys")
        assert await repo.memories_mentioning(tenant, ["pinnacle"], 10) == []
        await repo.ensure_schema(tenant)  # recreates the index and backfills
        assert set(await repo.memories_mentioning(tenant, ["Tomas Rossi".lower()], 10)) == {old.id}
        plan = str(
            await graph.explain(
                "UNWIND $names AS name MATCH (m:Memory) WHERE name IN m.entity_keys RETURN m",
                {"names": ["pinnacle"]},
            )
        )
        assert "Node By Index Scan" in plan
        # The stored-only property never leaks into the model.
        (got,) = await repo.get_memories(tenant, [old.id])
        assert got is not None and got.entities == ("Tomas Rossi", "Pinnacle")
