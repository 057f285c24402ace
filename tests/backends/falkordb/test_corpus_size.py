"""Every full-text recall reads the tenant's memory count for BM25's IDF. FalkorDB answers an
unfiltered label count from the label matrix; the label check the whole-tenant scans carry
(test_label_scan_after_rewrite.py) turned it into a scan of every memory per recall (CPU per
mixed request 43.2 → 39.3 ms in the load bench's paired runs once removed), so the recall path
reads a count of its own."""

from __future__ import annotations

from pathlib import Path

from cypher import QueryName, load
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.backends.falkordb.recording import recorded_queries
from tests.conftest import DIMENSION, new_tenant
from tests.factories import memory


async def test_a_full_text_recall_scans_no_label(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        stored = [memory(f"note {i} about the harbour crane") for i in range(30)]
        await repo.upsert_memories(tenant, stored)
        graph = repo._db.select_graph(tenant.key)
        query = load(QueryName.CORPUS_SIZE, "falkordb").render()
        assert (await graph.query(query)).result_set == [[30]]

        with recorded_queries(repo) as sent:
            hits = await repo.fulltext_search(tenant, "harbour crane", 5)
        assert len(hits) == 5
        assert sent, "the full-text leg ran no query"
        for name, params in sent:
            q = load(name, "falkordb")
            plan = "\n".join(await graph.explain(q.render(), q.bind(params)))
            assert "Label Scan" not in plan, f"{name} scans a label:\n{plan}"
