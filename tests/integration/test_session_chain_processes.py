"""One session chain across processes: several processes sharing one database store turns of
the same session at the same moment, and every session stays one chain — each turn follows
exactly one other, by creation instant — because the session is held in the database, not only
in a process (service.usecases.session_locks). Before the lease, two processes on one FalkorDB
server forked the chain in 17 of 20 rounds."""

from __future__ import annotations

import asyncio
import os
import sys
from collections import Counter
from itertools import pairwise

import pytest

from graph_backends import open_backend
from schema import EdgeType, Memory
from tests.conftest import new_tenant
from tests.integration.session_worker import config

PROCESSES = 3
TURNS = 3  # per process and round: 9 turns of one session at once
ROUNDS = 8


async def _workers(kind: str, url: str, org: str, project: str) -> list[asyncio.subprocess.Process]:
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.integration.session_worker",
            kind,
            url,
            org,
            project,
            str(n),
            str(TURNS),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "HF_HUB_OFFLINE": "1"},
        )
        for n in range(PROCESSES)
    ]
    for worker in workers:
        assert worker.stdout is not None
        line = await asyncio.wait_for(worker.stdout.readline(), timeout=120)
        assert line.decode().strip() == "ready"
    return workers


async def _round(workers: list[asyncio.subprocess.Process], session: str) -> None:
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(f"go {session}\n".encode())
    await asyncio.gather(*(w.stdin.drain() for w in workers if w.stdin is not None))
    for worker in workers:
        assert worker.stdout is not None
        line = await asyncio.wait_for(worker.stdout.readline(), timeout=120)
        assert line.decode().strip() == f"done {session}"


def _forks(turns: list[Memory], links: list[tuple[str, str]]) -> list[str]:
    """What keeps `links` over `turns` from being one chain in creation order."""
    ids = {t.id for t in turns}
    problems = []
    outs = Counter(s for s, _ in links)
    ins = Counter(t for _, t in links)
    problems += [f"{m} is followed by {n} turns" for m, n in outs.items() if n > 1]
    problems += [f"{m} follows {n} turns" for m, n in ins.items() if n > 1]
    if len(links) != len(turns) - 1:
        problems.append(f"{len(links)} links between {len(turns)} turns")
    ordered = [t.id for t in sorted(turns, key=lambda t: (t.created_at, t.id))]
    expected = set(pairwise(ordered))
    problems += [f"{s} -> {t} is not in creation order" for s, t in links if (s, t) not in expected]
    problems += [f"{s} or {t} is not a turn of the session" for s, t in links if {s, t} - ids]
    return problems


@pytest.mark.parametrize("kind", ["falkordb", "neo4j"])
async def test_processes_storing_one_session_keep_one_chain(
    kind: str, request: pytest.FixtureRequest
) -> None:
    url: str = request.getfixturevalue("falkordb_url" if kind == "falkordb" else "neo4j_url")
    tenant = new_tenant()
    async with open_backend(config(kind, url)) as repository:
        workers = await _workers(kind, url, tenant.org, tenant.project)
        try:
            sessions = [f"conversation-{r}" for r in range(ROUNDS)]
            for session in sessions:
                await _round(workers, session)
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.close()
                await asyncio.wait_for(worker.wait(), timeout=60)
                assert worker.returncode == 0
            memories = await repository.all_memories(tenant)
            assert len(memories) == ROUNDS * PROCESSES * TURNS
            forked = {}
            for session in sessions:
                turns = [m for m in memories if m.source_session == session]
                links = {
                    (e.source, e.target)
                    for t in turns
                    for e in await repository.incident_edges(tenant, t.id)
                    if e.type is EdgeType.TEMPORAL_SEQUENCE
                }
                problems = _forks(turns, sorted(links))
                if problems:
                    forked[session] = problems
            assert forked == {}
        finally:
            for worker in workers:
                if worker.returncode is None:
                    worker.kill()
                    await worker.wait()
            await repository.drop_tenant(tenant)
