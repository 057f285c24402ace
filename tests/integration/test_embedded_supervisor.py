"""The service supervises its embedded FalkorDB: a child killed with SIGKILL is reaped (no
zombie) and restarted, replaying its append-only file, so every write acknowledged before the
kill is there after it and writes work again without restarting the service; meanwhile a
request answers the typed, retryable `UNAVAILABLE` and `/readyz` 503, while `/healthz` stays
200. A child that cannot be restarted fails `/healthz`, for an orchestrator to restart the
process. `retentia maintain` shares a running service's FalkorDB like the other commands, and a
second service on the same data directory is refused rather than starting a second FalkorDB on
the same files. Every test runs real `retentia serve` processes over HTTP."""

from __future__ import annotations

import fcntl
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from tests.integration.service_process import ServiceProcess

STORE = """mutation($content: String!) { storeMemory(input: {content: $content}) {
  __typename ... on StoreSuccess { memory { id } } } }"""
GET = """query($id: ID!) { memory(id: $id) { __typename ... on Memory { id content } } }"""
#: Seconds before the first restart: wide enough to catch requests during the outage.
WINDOW_S = 4


def _status(service: ServiceProcess, path: str) -> int:
    return httpx.get(f"{service.url}{path}", timeout=10).status_code


def _until(what: str, condition: Callable[[], bool], within_s: float) -> float:
    """Poll `condition` until true; the seconds it took (fails after `within_s`)."""
    start = time.monotonic()
    while time.monotonic() - start < within_s:
        if condition():
            return time.monotonic() - start
        time.sleep(0.1)
    raise AssertionError(f"{what} not within {within_s} s")


def _store(service: ServiceProcess, content: str) -> dict[str, Any]:
    return service.graphql(STORE, {"content": content})


def _stored_id(service: ServiceProcess, content: str) -> str:
    result = _store(service, content)["data"]["storeMemory"]
    assert result["__typename"] == "StoreSuccess", result
    memory_id: str = result["memory"]["id"]
    return memory_id


def _falkordb_pid(service: ServiceProcess) -> int:
    return int((service.data_dir / "falkordb" / "falkordb.pid").read_text())


def _children(pid: int) -> dict[int, str]:
    """pid → state letter of every process whose parent is `pid`."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        if fields.get("PPid", "").strip() == str(pid):
            found[int(entry.name)] = fields["State"].strip()[0]
    return found


def _redis_servers_on(data_dir: Path) -> list[int]:
    """Running redis-server processes working in `data_dir` (redis changes to its `--dir`, and
    rewrites its command line, so the working directory is what names it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes()
            state = (entry / "status").read_text()
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if b"redis-server" in title and "\nState:\tZ" not in state and cwd == str(data_dir):
            found.append(int(entry.name))
    return found


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def _unavailable(body: dict[str, Any], *, retryable: bool = True) -> bool:
    errors = body.get("errors") or []
    return bool(errors) and errors[0].get("extensions") == {
        "code": "UNAVAILABLE",
        "retryable": retryable,
    }


def test_a_killed_falkordb_is_restarted_and_loses_no_acknowledged_write(tmp_path: Path) -> None:
    env = {"RETENTIA_FALKORDB_RESTART_BACKOFF_S": str(WINDOW_S)}
    with ServiceProcess(tmp_path / "data", env).running() as service:
        assert service.process is not None
        acknowledged = {_stored_id(service, f"acknowledged write {i}"): i for i in range(20)}
        first = _falkordb_pid(service)
        assert first in _children(service.process.pid)

        _kill(first)
        killed_at = time.monotonic()
        _until("/readyz 503", lambda: _status(service, "/readyz") == 503, 5)
        during = _store(service, "written during the outage")
        assert _unavailable(during), during
        assert during["data"] is None or during["data"]["storeMemory"] is None
        assert "retry shortly" in during["errors"][0]["message"]
        read = service.graphql(GET, {"id": next(iter(acknowledged))})
        assert _unavailable(read), read
        assert _status(service, "/healthz") == 200  # restarting: not a reason to kill it
        # The dead child was reaped at once, long before it is replaced.
        assert first not in _children(service.process.pid)

        _until("/readyz 200 again", lambda: _status(service, "/readyz") == 200, 90)
        assert time.monotonic() - killed_at >= WINDOW_S  # it waited its backoff
        second = _falkordb_pid(service)
        assert second != first
        for memory_id, i in acknowledged.items():
            got = service.graphql(GET, {"id": memory_id})["data"]["memory"]
            assert (got["id"], got["content"]) == (memory_id, f"acknowledged write {i}")
        after = _stored_id(service, "written after the restart")
        assert service.graphql(GET, {"id": after})["data"]["memory"]["id"] == after
        children = _children(service.process.pid)
        assert "Z" not in children.values(), children
        assert _redis_servers_on(tmp_path / "data" / "falkordb") == [second]
        log = service.log.read_text()
        assert "restarting the embedded FalkorDB" in log and "embedded FalkorDB restarted" in log


def test_a_falkordb_that_cannot_be_restarted_fails_healthz(tmp_path: Path) -> None:
    """A corrupt append-only file (here its manifest) stops every restart: after its attempts
    the service says so on `/healthz` (so the orchestrator restarts it), and answers requests
    `UNAVAILABLE` and not retryable (a retry cannot help before that restart)."""
    env = {"RETENTIA_FALKORDB_RESTART_ATTEMPTS": "2", "RETENTIA_FALKORDB_RESTART_BACKOFF_S": "0.2"}
    with ServiceProcess(tmp_path / "data", env).running() as service:
        assert service.process is not None
        _stored_id(service, "a write before the corruption")
        manifest = tmp_path / "data" / "falkordb" / "appendonlydir" / "appendonly.aof.manifest"
        manifest.write_text("this is not a manifest\n")
        assert _status(service, "/healthz") == 200

        _kill(_falkordb_pid(service))
        _until("/healthz 503", lambda: _status(service, "/healthz") == 503, 60)
        health = httpx.get(f"{service.url}/healthz", timeout=10).json()
        assert health["status"] == "failed"
        assert "could not be restarted in 2 attempts" in health["reason"]
        assert str(tmp_path) not in health["reason"]  # a keyless probe shows no path
        assert _status(service, "/readyz") == 503
        assert str(tmp_path) not in httpx.get(f"{service.url}/readyz", timeout=10).text
        # Issue 50: every answer said retryable: true though nothing would come back.
        gone = _store(service, "written after giving up")
        assert _unavailable(gone, retryable=False), gone
        assert "must be restarted" in gone["errors"][0]["message"]
        children = _children(service.process.pid)
        assert "Z" not in children.values(), children
        assert _redis_servers_on(tmp_path / "data" / "falkordb") == []
        assert "could not be restarted" in service.log.read_text()


def test_maintain_shares_a_running_service(tmp_path: Path) -> None:
    with ServiceProcess(tmp_path / "data").running() as service:
        _stored_id(service, "a memory for maintenance to rescore")
        pid = _falkordb_pid(service)
        done = service.cli("maintain")
        assert done.returncode == 0, done.stderr
        assert "maintenance of 1 tenant(s), writing changes" in done.stdout
        assert _falkordb_pid(service) == pid  # it shared the service's FalkorDB, did not start one
        assert _status(service, "/readyz") == 200
        assert _stored_id(service, "the service writes on after maintenance")


def test_a_refusal_comes_before_the_model_loads(tmp_path: Path) -> None:
    """A data directory held by a process that has published no FalkorDB to share: `maintain`
    is refused for the directory, not for the model it would have loaded first (here one
    that does not exist)."""
    falkordb = tmp_path / "data" / "falkordb"
    falkordb.mkdir(parents=True)
    with (falkordb / "retentia.lock").open("a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242\n")
        lock.flush()
        service = ServiceProcess(
            tmp_path / "data", {"RETENTIA_LOCAL_MODEL_PATH": str(tmp_path / "no-model")}
        )
        refused = service.cli("maintain", timeout=60)
    assert refused.returncode == 2, refused.stderr
    assert "in use by another Retentia process (pid 4242)" in refused.stderr
    assert "no-model" not in refused.stderr


def test_a_second_service_on_the_same_data_directory_shares_its_falkordb(tmp_path: Path) -> None:
    """A second `retentia serve` on the directory shares the first one's FalkorDB (it was
    refused, and so was a service beside an MCP client: issue 50) — one server, one store."""
    with ServiceProcess(tmp_path / "data").running() as first:
        child = _falkordb_pid(first)
        second = ServiceProcess(tmp_path / "data")
        second.log = tmp_path / "second.log"
        with second.running():
            written = _stored_id(second, "written through the second service")
            assert first.graphql(GET, {"id": written})["data"]["memory"]["id"] == written
            assert _redis_servers_on(tmp_path / "data" / "falkordb") == [child]
        assert _stored_id(first, "the first service is unharmed")


def test_two_services_started_together_share_one_falkordb(tmp_path: Path) -> None:
    """Both pass the early check (nothing owns the directory yet); the lock decides which runs
    the FalkorDB, and the other waits for it to be published and shares it."""
    services = [ServiceProcess(tmp_path / "data"), ServiceProcess(tmp_path / "data")]
    (tmp_path / "data").mkdir()
    for service in services:
        service.log = tmp_path / f"service-{service.port}.log"
    processes = [service._launch() for service in services]
    try:
        _until("both services ready", lambda: all(_ready(s) for s in services), 180)
        assert all(p.poll() is None for p in processes)
        (server,) = _redis_servers_on(tmp_path / "data" / "falkordb")
        written = _stored_id(services[0], "one store")
        assert services[1].graphql(GET, {"id": written})["data"]["memory"]["id"] == written
        assert server == _falkordb_pid(services[1])
    finally:
        for p in processes:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                p.wait(timeout=90)


def _ready(service: ServiceProcess) -> bool:
    try:
        return _status(service, "/readyz") == 200
    except httpx.TransportError:
        return False
