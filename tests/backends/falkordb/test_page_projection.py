"""Pages of memories and facts project only the rows of the page, and pages of recent memories
read about a page.

`RETURN m {.*} … ORDER BY … LIMIT` made FalkorDB build the map of every matching node before
sorting and keeping the page: the first page of the tenant's recent memories built 10,020 maps
for 200 on the load bench's tenant (18 ms; linear in the tenant, ~2 s at 1M, and a query-less
search reads up to 50 pages). Choosing the page on the sort keys (`WITH … ORDER BY … LIMIT`)
and projecting after it builds 200 (2.8 ms). Counted from FalkorDB's profile: the operation
that projects the returned rows (the plan's topmost Project) produces at most a page.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from cypher import load
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from schema.facts import FactQuery, FactWriter
from service.usecases.facts import FactService
from tests.backends.falkordb.recording import recorded_queries, records_produced
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import TickingClock
from tests.factories import T0, memory

PAGE = 7


async def test_pages_project_only_their_rows(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        stored = [memory(f"note {i}", created_at=T0 + timedelta(minutes=i)) for i in range(60)]
        await repo.upsert_memories(tenant, stored)
        facts = FactService(repo, TickingClock())
        await facts.apply_facts(
            tenant,
            [{"subject": f"Person {p}", "predicate": "likes", "object": "tea"} for p in range(40)],
            FactWriter.API,
        )
        with recorded_queries(repo) as sent:
            recent = await repo.recent_memories(tenant, limit=PAGE)
            active = await repo.memories_with_status(tenant, [stored[0].status], limit=PAGE)
            by_id = await repo.memory_page(tenant, after="", limit=PAGE)
            listed = await repo.find_facts(tenant, FactQuery(predicate="likes", limit=PAGE))
            fact_ids = await repo.fact_page(tenant, after="", limit=PAGE)
        newest = sorted(stored, key=lambda m: m.created_at, reverse=True)[:PAGE]
        assert [m.id for m in recent] == [m.id for m in newest]
        assert [m.id for m in active] == [m.id for m in newest]
        assert [m.id for m in by_id] == sorted(m.id for m in stored)[:PAGE]
        assert len(listed) == len(fact_ids) == PAGE

        graph = repo._db.select_graph(tenant.key)
        pages = [(n, p) for n, p in sent if "limit" in p]
        assert len(pages) >= 5, sent
        for name, params in pages:
            query = load(name, "falkordb")
            profile = await graph.profile(query.render(), query.bind(params))
            returned = profile.structured_plan  # from Results down to the topmost Project
            while returned.name != "Project":
                (returned,) = returned.children
            assert returned.records_produced <= PAGE, (
                f"{name}: {returned.records_produced} rows projected for a page of {PAGE}"
            )


async def test_recent_pages_read_about_a_page(tmp_path: Path) -> None:
    """Pages newest first read windows of creation instants from the created_at index
    (`time_windows`): a walk over 400 memories an hour apart, 20 a page, reads each memory
    about once (the old query scanned and sorted every memory for every page: 400 a page)."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        now = datetime.now(UTC)
        stored = [memory(f"note {i}", created_at=now - timedelta(hours=i)) for i in range(400)]
        await repo.upsert_memories(tenant, stored)
        seen = []
        after = None
        with recorded_queries(repo) as sent:
            while page := await repo.recent_memories(tenant, limit=20, after=after):
                seen.extend(page)
                after = (page[-1].created_at, page[-1].id)
        assert [m.id for m in seen] == [m.id for m in stored]
        scans = ("Node By Label Scan", "Node By Index Scan", "All Node Scan")
        read = await records_produced(repo, tenant, sent, *scans)
        assert read <= 2 * len(stored), f"{read} memories read to list {len(stored)}"
