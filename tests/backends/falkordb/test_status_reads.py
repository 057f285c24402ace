"""The core memories are read through the status index, not by scanning every memory.

`memories_with_status` (the context block's core identity, `list_core`, the MCP core tools)
filtered a label scan of every memory of the tenant by status: 10,020 memories read for none
core on the load bench's tenant (1.3 ms; linear in the tenant, ~0.1 s at 1M). Counted from
FalkorDB's own profile of the query the repository sent.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from schema import MemoryStatus
from tests.backends.falkordb.recording import recorded_queries, records_produced
from tests.conftest import DIMENSION, new_tenant
from tests.factories import T0, memory


async def test_core_memories_are_read_from_the_status_index(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        core = [
            memory(f"core {i}", status=MemoryStatus.CORE, created_at=T0 + timedelta(hours=i))
            for i in range(3)
        ]
        crowd = [memory(f"active {i}", created_at=T0 + timedelta(minutes=i)) for i in range(80)]
        await repo.upsert_memories(tenant, [*crowd, *core])
        with recorded_queries(repo) as sent:
            first = await repo.memories_with_status(tenant, [MemoryStatus.CORE], limit=2)
            last = first[-1]
            rest = await repo.memories_with_status(
                tenant, [MemoryStatus.CORE], limit=2, after=(last.created_at, last.id)
            )
        assert [m.id for m in [*first, *rest]] == [m.id for m in reversed(core)]  # newest first
        scans = ("Node By Label Scan", "Node By Index Scan", "All Node Scan")
        for read in sent:
            produced = await records_produced(repo, tenant, [read], *scans)
            assert produced <= len(core), f"{produced} memories read for {len(core)} core ones"
