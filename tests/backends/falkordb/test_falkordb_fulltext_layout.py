"""FalkorDB keeps memory content's full-text index on a :MemoryText node per memory (a
lifecycle write of a :Memory then re-indexes it in its range indexes only), and moves the index
there from :Memory for data written before."""

from __future__ import annotations

from pathlib import Path

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from schema import Tenant
from tests.conftest import DIMENSION, new_tenant
from tests.factories import memory


async def _fulltext_labels(repo: FalkorRepository, tenant: Tenant) -> set[str]:
    return {label for label, _, kind in await repo._indexes(tenant) if kind == "FULLTEXT"}


async def test_content_is_searched_on_memory_texts_and_old_indexes_move(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        assert await _fulltext_labels(repo, tenant) == {"MemoryText"}
        heron, tax = memory("the heron nests by the lake"), memory("tax forms are due in april")
        await repo.upsert_memories(tenant, [heron, tax])
        assert [h.memory_id for h in await repo.fulltext_search(tenant, "heron", 5)] == [heron.id]
        # Amended content is what the index holds.
        await repo.upsert_memories(tenant, [heron.model_copy(update={"content": "a grey crane"})])
        assert await repo.fulltext_search(tenant, "heron", 5) == []
        assert [h.memory_id for h in await repo.fulltext_search(tenant, "crane", 5)] == [heron.id]

        # What a store written before the move holds: the index on :Memory, no :MemoryText.
        graph = repo._db.select_graph(tenant.key)
        await graph.query("CALL db.idx.fulltext.drop('MemoryText')")
        await graph.query("DROP INDEX FOR (t:MemoryText) ON (t.id)")
        await graph.query("MATCH (t:MemoryText) DELETE t")
        await graph.query("CREATE FULLTEXT INDEX FOR (m:Memory) ON (m.content)")
        assert await _fulltext_labels(repo, tenant) == {"Memory"}
        assert await repo.fulltext_search(tenant, "april", 5) == []  # nothing indexed there yet

        await repo.ensure_schema(tenant)  # creates the new index, copies, drops the old one
        assert await _fulltext_labels(repo, tenant) == {"MemoryText"}
        assert [h.memory_id for h in await repo.fulltext_search(tenant, "april", 5)] == [tax.id]
        assert [h.memory_id for h in await repo.fulltext_search(tenant, "crane", 5)] == [heron.id]
        await repo.ensure_schema(tenant)  # nothing left to move
        assert await repo.schema_ready(tenant)
        # Deleting a memory deletes its text: no hit names a memory that is gone.
        await repo.delete_memories(tenant, [tax.id])
        assert await repo.fulltext_search(tenant, "april", 5) == []
        (texts,) = (await graph.query("MATCH (t:MemoryText) RETURN count(t)")).result_set
        assert texts == [1]
