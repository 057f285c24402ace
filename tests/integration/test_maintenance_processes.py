"""Maintenance passes are serialised by the tenant's lease in the database, also between
processes: two real `retentia maintain` processes started at once on one FalkorDB server (and
on one Neo4j) leave exactly one semantic memory per consolidated entity, and each process
either held the lease and did the work or wrote nothing new (it found the lease held, or ran
after the first and found every entity consolidated already)."""

from __future__ import annotations

import re
import subprocess
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graph_backends import FalkorConfig, Neo4jConfig, open_backend
from schema import MemoryStatus, Tenant
from tests.factories import memory
from tests.integration.service_process import ServiceProcess

ENTITIES = ("Atlas", "Borealis", "Cygnus")
PER_ENTITY = 3  # the engine's consolidation_min_group
PROCESSES = 2
ROUNDS = 2
_CONSOLIDATED = re.compile(r"; (\d+) consolidated; ")
_SKIPPED = "another maintenance pass holds the tenant's lease; skipped (nothing written)"


class Database:
    def __init__(self, kind: str, url: str, data_dir: Path) -> None:
        self.kind, self.url, self.data_dir = kind, url, data_dir

    def config(self) -> FalkorConfig | Neo4jConfig:
        if self.kind == "falkordb":
            return FalkorConfig(url=self.url, vector_dimension=384)
        return Neo4jConfig(url=self.url, vector_dimension=384)

    def command(self, n: int) -> ServiceProcess:
        """A process environment for `retentia` commands on this database (not started)."""
        env = (
            {"RETENTIA_FALKORDB_URL": self.url}
            if self.kind == "falkordb"
            else {"RETENTIA_BACKEND": "neo4j", "RETENTIA_NEO4J_URL": self.url}
        )
        return ServiceProcess(self.data_dir / f"command-{n}", env)


@pytest.fixture(scope="module", params=["falkordb", "neo4j"])
def database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Database]:
    kind: str = request.param
    url: str = request.getfixturevalue("falkordb_url" if kind == "falkordb" else "neo4j_url")
    yield Database(kind, url, tmp_path_factory.mktemp(f"maintain-{kind}"))


async def _seed(database: Database, tenant: Tenant) -> None:
    """Episodic memories about each entity, evaluated an hour ago (so this pass evaluates
    none of them again and consolidates them as they are)."""
    now = datetime.now(UTC)
    seeded = [
        memory(
            f"{entity} review number {n}: the {entity} team met and agreed the next steps",
            seed=100 * i + n,
            created_at=now - timedelta(days=20, minutes=n),
            status=MemoryStatus.EPISODIC,
            entities=(entity,),
            last_accessed_at=now - timedelta(days=20),
            last_evaluated_at=now - timedelta(hours=1),
        )
        for i, entity in enumerate(ENTITIES)
        for n in range(PER_ENTITY)
    ]
    async with open_backend(database.config()) as repository:
        await repository.ensure_schema(tenant)
        await repository.upsert_memories(tenant, seeded)


async def _semantic_entities(database: Database, tenant: Tenant) -> Counter[str]:
    async with open_backend(database.config()) as repository:
        found = await repository.all_memories(tenant)
    return Counter(
        m.metadata["consolidated_entity"]
        for m in found
        if m.status is MemoryStatus.SEMANTIC and "consolidated_entity" in m.metadata
    )


def _maintain_at_once(database: Database, tenant: Tenant) -> list[subprocess.CompletedProcess[str]]:
    commands = [database.command(n) for n in range(PROCESSES)]
    barrier = threading.Barrier(PROCESSES)

    def run(command: ServiceProcess) -> subprocess.CompletedProcess[str]:
        command.data_dir.mkdir(parents=True, exist_ok=True)
        barrier.wait(timeout=60)
        return command.cli("maintain", "--org", tenant.org, "--project", tenant.project)

    with ThreadPoolExecutor(PROCESSES) as pool:
        return list(pool.map(run, commands))


async def test_two_maintain_processes_at_once_consolidate_once(database: Database) -> None:
    for r in range(ROUNDS):
        tenant = Tenant(org="maintain", project=f"{database.kind}-{r}")
        await _seed(database, tenant)

        done = _maintain_at_once(database, tenant)

        consolidated = []
        for process in done:
            assert process.returncode == 0, process.stderr
            if _SKIPPED in process.stdout:
                consolidated.append(0)
                continue
            counts = _CONSOLIDATED.findall(process.stdout)
            assert len(counts) == 1, process.stdout
            consolidated.append(int(counts[0]))
        # One process made every summary; the other made none (lease held, or it came after).
        assert sorted(consolidated) == [0, len(ENTITIES)], [p.stdout for p in done]
        assert await _semantic_entities(database, tenant) == Counter(
            {entity.lower(): 1 for entity in ENTITIES}
        )
