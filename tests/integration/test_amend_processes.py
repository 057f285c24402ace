"""Amending is atomic across processes: several processes sharing one FalkorDB server amend
the same memories at the same moment, and each memory gets exactly one successor (the
others answer `Conflict`), because the check is made by the database, not by a process."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from datetime import UTC, datetime

from graph_backends import FalkorConfig, open_backend
from schema import EdgeType
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import HashEmbedder

PROCESSES = 4
MEMORIES = 12


async def test_processes_amending_one_memory_leave_one_successor(falkordb_url: str) -> None:
    tenant = new_tenant()
    config = FalkorConfig(url=falkordb_url, vector_dimension=DIMENSION)
    async with open_backend(config) as repository:
        service = MemoryService(
            repository, HashEmbedder(), lambda: datetime.now(UTC), EngineSettings()
        )
        try:
            stored = [
                await service.store(tenant, StoreRequest(content=f"fact number {i} as first said"))
                for i in range(MEMORIES)
            ]
            ids = [s.memory.id for s in stored]
            workers = [
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "tests.integration.amend_worker",
                    falkordb_url,
                    tenant.org,
                    tenant.project,
                    *ids,
                    str(n),
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    env={**os.environ, "HF_HUB_OFFLINE": "1"},
                )
                for n in range(PROCESSES)
            ]
            for worker in workers:  # all connected and waiting
                assert worker.stdout is not None
                line = await asyncio.wait_for(worker.stdout.readline(), timeout=120)
                assert line.decode().strip() == "ready"
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write(b"go\n")
            await asyncio.gather(*(w.stdin.drain() for w in workers if w.stdin is not None))
            answers = []
            for worker in workers:
                out, _ = await asyncio.wait_for(worker.communicate(), timeout=120)
                assert worker.returncode == 0
                answers += [json.loads(line) for line in out.decode().splitlines() if line.strip()]

            by_memory: dict[str, list[dict[str, object]]] = {i: [] for i in ids}
            for answer in answers:
                by_memory[str(answer["id"])].append(answer)
            for memory_id, tries in by_memory.items():
                winners = [t["won"] for t in tries if t["won"] is not None]
                assert len(tries) == PROCESSES
                assert len(winners) == 1, (memory_id, tries)
                assert all(t["error"] == "Conflict" for t in tries if t["won"] is None)
                (old,) = await repository.get_memories(tenant, [memory_id])
                assert old is not None and old.superseded_by == winners[0]
                edges = await repository.incident_edges(tenant, memory_id)
                assert [e.source for e in edges if e.type is EdgeType.SUPERSEDES] == winners
            assert (await repository.stats(tenant)).memories == 2 * MEMORIES
        finally:
            await repository.drop_tenant(tenant)
