"""Maintenance and reconciler passes are serialised by the tenant's lease in the database, also
between processes. Two real `retentia maintain` processes started at once on one FalkorDB
server (and on one Neo4j) leave exactly one semantic memory per consolidated entity, and each
process either held the lease and did the work or wrote nothing new (it found the lease held,
or ran after the first and found every entity consolidated already). Two `retentia reconcile
--once` at once apply each repair once: the repairs of the two add up to the damage done."""

from __future__ import annotations

import json
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
from reconciler.runner import LEASE_NAME as RECONCILER_LEASE
from schema import MemoryStatus, Tenant
from schema.facts import FactWriter, Relation, RelationExpiry
from service.usecases.facts import FactService
from service.usecases.maintenance import LEASE_NAME as MAINTENANCE_LEASE
from tests.engine_support import Clock
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


def _at_once(
    database: Database, tenant: Tenant, *args: str
) -> list[subprocess.CompletedProcess[str]]:
    """`retentia ARGS --org … --project …` of the tenant in PROCESSES processes at once."""
    commands = [database.command(n) for n in range(PROCESSES)]
    barrier = threading.Barrier(PROCESSES)

    def run(command: ServiceProcess) -> subprocess.CompletedProcess[str]:
        command.data_dir.mkdir(parents=True, exist_ok=True)
        barrier.wait(timeout=60)
        return command.cli(*args, "--org", tenant.org, "--project", tenant.project)

    with ThreadPoolExecutor(PROCESSES) as pool:
        return list(pool.map(run, commands))


async def test_two_maintain_processes_at_once_consolidate_once(database: Database) -> None:
    for r in range(ROUNDS):
        tenant = Tenant(org="maintain", project=f"{database.kind}-{r}")
        await _seed(database, tenant)

        done = _at_once(database, tenant, "maintain")

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


async def _damaged(database: Database, tenant: Tenant) -> tuple[int, int]:
    """40 facts and their RELATES edges, then 5 edges closed and 5 pointed at a wrong fact (the
    drift a writer killed mid-write leaves); (damaged edges, facts)."""
    clock = Clock(now=datetime.now(UTC) - timedelta(minutes=5))
    async with open_backend(database.config()) as repository:
        await repository.ensure_schema(tenant)
        facts = FactService(repository, clock)
        await facts.apply_facts(
            tenant,
            [
                {"subject": f"Person {i}", "predicate": "works at", "object": f"Company {i % 7}"}
                for i in range(40)
            ],
            FactWriter.API,
        )
        store = facts.repository
        edges = sorted(await store.open_relations(tenant, clock()), key=lambda r: r.fact_id)
        closed = [
            RelationExpiry(e.source, e.target, e.predicate, (e.fact_id,), clock())
            for e in edges[:5]
        ]
        wrong = [
            Relation(source=e.source, target=e.target, predicate=e.predicate, fact_id="no-fact")
            for e in edges[5:10]
        ]
        await store.project_relations(tenant, wrong, closed, clock())
    return 10, len(edges)


async def test_two_reconcile_processes_at_once_repair_once(database: Database) -> None:
    for r in range(ROUNDS):
        tenant = Tenant(org="reconcile", project=f"{database.kind}-{r}")
        damaged, facts = await _damaged(database, tenant)

        done = _at_once(database, tenant, "reconcile", "--once")

        reports = []
        for process in done:
            assert process.returncode == 0, process.stderr[-3000:]
            (line,) = [json.loads(s) for s in process.stdout.splitlines() if s.startswith("{")]
            reports.append(line)
        assert {report["result"] for report in reports} <= {"applied", "lease_held"}, reports
        assert sum(report["repairs"] for report in reports if report["result"] == "applied") == (
            damaged
        ), reports
        async with open_backend(database.config()) as repository:
            store = repository
            now = datetime.now(UTC)
            active = {f.id for f in await store.active_state_facts(tenant)}
            open_edges = await store.open_relations(tenant, now)
        assert len(active) == facts and sorted(e.fact_id for e in open_edges) == sorted(active)


async def _hold(database: Database, tenant: Tenant, name: str, *, release: bool = False) -> None:
    """Take (or give back) the tenant's lease `name` as a third process would mid-pass."""
    async with open_backend(database.config()) as repository:
        store = repository
        if release:
            await store.release_lease(tenant, name, "test-holder")
            return
        assert await store.acquire_lease(
            tenant, name, "test-holder", datetime.now(UTC), timedelta(minutes=10)
        )


async def test_passes_overlapping_a_held_lease_write_nothing(database: Database) -> None:
    """The overlap forced: while a third holder has the tenant's maintenance lease (a pass in
    another process, mid-way), two `maintain` and two `reconcile --once` processes at once
    each find it held and write nothing; once it is given back, a pass does the work. (The
    tests above start their processes together, but whether their passes overlap is up to
    the scheduler; here every pass meets a held lease.)"""
    tenant = Tenant(org="maintain", project=f"{database.kind}-held")
    await _seed(database, tenant)
    damaged, _ = await _damaged(database, tenant)
    await _hold(database, tenant, MAINTENANCE_LEASE)
    await _hold(database, tenant, RECONCILER_LEASE)

    for process in _at_once(database, tenant, "maintain"):
        assert process.returncode == 0, process.stderr[-3000:]
        assert _SKIPPED in process.stdout, process.stdout
    for process in _at_once(database, tenant, "reconcile", "--once"):
        assert process.returncode == 0, process.stderr[-3000:]
        (line,) = [json.loads(s) for s in process.stdout.splitlines() if s.startswith("{")]
        assert (line["result"], line["repairs"]) == ("lease_held", 0), line
    assert await _semantic_entities(database, tenant) == Counter()

    await _hold(database, tenant, RECONCILER_LEASE, release=True)
    await _hold(database, tenant, MAINTENANCE_LEASE, release=True)
    repaired = []
    for process in _at_once(database, tenant, "reconcile", "--once"):
        (line,) = [json.loads(s) for s in process.stdout.splitlines() if s.startswith("{")]
        repaired.append(line["repairs"] if line["result"] == "applied" else 0)
    assert sum(repaired) == damaged, repaired
    for process in _at_once(database, tenant, "maintain"):
        assert process.returncode == 0, process.stderr[-3000:]
    assert await _semantic_entities(database, tenant) == Counter(
        {entity.lower(): 1 for entity in ENTITIES}
    )
