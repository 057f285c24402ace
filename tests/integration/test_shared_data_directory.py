"""Any number of local clients on one data directory (issue 50, docs/adr/0033), with real
processes: MCP clients over stdio and a `retentia serve`. The first to start runs the embedded
FalkorDB; the others share it. When that first one exits — or is SIGKILLed — another takes the
directory over and runs FalkorDB at the same socket: the others go on (a call in between answers
`retryable`), and the service sees everything every client wrote. Before, the survivors answered
every call "FalkorDB is unreachable … falkordb.sock: No such file", not retryable, for ever; and
`retentia serve` refused to start beside an MCP client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.integration.service_process import ServiceProcess
from tests.integration.test_embedded_supervisor import _redis_servers_on

REPO = Path(__file__).resolve().parents[2]
STATS = "{ stats { __typename ... on Stats { memories } } }"


class StdioClient:
    """`retentia mcp` as an agent's desktop runs it: a process speaking JSON-RPC on stdio."""

    def __init__(self, data_dir: Path, errlog: Path, *args: str, **env: str) -> None:
        self._err = errlog.open("w")
        self.process = subprocess.Popen(  # closed in close()
            [sys.executable, "-m", "service.cli", "mcp", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._err,
            cwd=REPO,
            env={
                **os.environ,
                "RETENTIA_DATA_DIR": str(data_dir),
                "HF_HUB_OFFLINE": "1",
                **env,
            },
        )
        self._next = 0
        self.request("initialize", {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "shared-dir-test", "version": "0"},
        })  # fmt: skip
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next += 1
        self._send({"jsonrpc": "2.0", "id": self._next, "method": method, "params": params})
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            assert line, "the MCP server closed its stdout"
            answer: dict[str, Any] = json.loads(line)
            if answer.get("id") == self._next:
                return answer

    def tool(self, name: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
        result = self.request("tools/call", {"name": name, "arguments": arguments})["result"]
        return bool(result.get("isError")), json.loads(result["content"][0]["text"])

    def store(self, content: str, within_s: float = 120) -> str:
        """Store as the README says an agent should: with an idempotency key, retried with the
        same key while the storage is unavailable or the key's first request is still being
        written (a retryable `Conflict`). A write cut off when the process running the
        FalkorDB died may have landed, and its claim on the key is taken over once it is
        `RETENTIA_IDEMPOTENCY_PENDING_S` (60 s) old; the key makes the retry safe."""
        key = f"store-{abs(hash(content))}"
        deadline = time.monotonic() + within_s
        while True:
            failed, answer = self.tool("memory_store", content=content, idempotency_key=key)
            if not failed:
                return str(answer["node_id"])
            busy = answer["code"] == "Conflict" and answer.get("retryable") is True
            assert (answer["code"] == "Unavailable" or busy) and time.monotonic() < deadline, answer
            time.sleep(0.5)

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=90)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None and not stream.closed:
                stream.close()
        self._err.close()


def memories(service: ServiceProcess, within_s: float = 60) -> int:
    deadline = time.monotonic() + within_s
    while True:
        body = service.graphql(STATS)
        stats = (body.get("data") or {}).get("stats") or {}
        if stats.get("__typename") == "Stats":
            return int(stats["memories"])
        retryable = body["errors"][0]["extensions"].get("retryable")
        assert retryable and time.monotonic() < deadline, body
        time.sleep(0.5)


def store_through(service: ServiceProcess, content: str, within_s: float = 60) -> None:
    """storeMemory with an idempotency key, retried with it while the database is unavailable
    (the service may be taking the FalkorDB over at that moment)."""
    query = """mutation($c: String!) { storeMemory(input: {content: $c}, idempotencyKey: "svc-1")
               { __typename } }"""
    deadline = time.monotonic() + within_s
    while True:
        body = service.graphql(query, {"c": content})
        if (body.get("data") or {}).get("storeMemory", {}).get("__typename") == "StoreSuccess":
            return
        code = body["errors"][0]["extensions"]["code"]
        assert code == "UNAVAILABLE" and time.monotonic() < deadline, body
        time.sleep(0.5)


def test_mcp_clients_and_a_service_share_one_store_and_survive_its_owner(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = StdioClient(data, tmp_path / "first.log")
    service = ServiceProcess(data)
    second: StdioClient | None = None
    try:
        first.store("written by the first client, which runs the FalkorDB")
        with service.running():  # it was refused beside an MCP client
            second = StdioClient(data, tmp_path / "second.log")
            second.store("written by the second client, sharing it")
            assert memories(service) == 2
            assert len(_redis_servers_on(data / "falkordb")) == 1

            first.process.send_signal(signal.SIGKILL)  # the owner dies without a word
            first.process.wait(timeout=30)
            second.store("written by the second client after the first was killed")
            assert memories(service) == 3
            (server,) = _redis_servers_on(data / "falkordb")

            second.close()  # a clean exit of whichever owns it now
            second = None
            assert memories(service) == 3
            store_through(service, "the service goes on")
            assert memories(service) == 4
            assert len(_redis_servers_on(data / "falkordb")) == 1
            assert server > 0
    finally:
        first.close()
        if second is not None:
            second.close()
