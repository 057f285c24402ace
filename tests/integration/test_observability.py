"""What an operator sees of a running service: with RETENTIA_LOG_FORMAT=json every line on
stderr is one JSON object, and a request's lines carry its request id (the caller's, or the
fresh one the response names); a client's invalid query is a warning, not an error; /metrics
has the request latency per route and GraphQL operation, status counts, the embedder's time
and the fact and recall counters; a maintenance pass counts the memories it forgets; and
SIGTERM lets an in-flight request finish, then stops the embedded FalkorDB cleanly with nothing
acknowledged lost."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY

from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from service.adapters.embedding import DEFAULT_LOCAL_NAME, INT8_SUFFIX
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from tests.conftest import DIMENSION
from tests.engine_support import Clock, HashEmbedder, maintenance
from tests.integration.service_process import ServiceProcess

TENANT = {"X-Retentia-Org": "ops", "X-Retentia-Project": "observed"}


class SplitLogService(ServiceProcess):
    """The service with stdout (the banner) and stderr (the log) in separate files."""

    @property
    def stderr_log(self) -> Path:
        return self.data_dir / "stderr.log"

    def _launch(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as out, self.stderr_log.open("ab") as err:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli", "serve", "--dev"],
                env=self.environment(),
                stdout=out,
                stderr=err,
            )

    def output_tail(self) -> str:
        return self.stderr_log.read_text()[-3000:]

    def records(self) -> list[dict[str, Any]]:
        """Every stderr line, parsed (a line that is not JSON fails the test)."""
        lines = self.stderr_log.read_text().splitlines()
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SplitLogService]:
    process = SplitLogService(tmp_path_factory.mktemp("observed"), {"RETENTIA_LOG_FORMAT": "json"})
    with process.running():
        yield process


def metrics(service: ServiceProcess) -> str:
    return httpx.get(f"{service.url}/metrics", timeout=30).text


def sample(text: str, name: str, **labels: str) -> float | None:
    """The value of one series in a Prometheus exposition, or None when absent."""
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.partition(" ")[0]))
        if found == labels:
            return float(line.rsplit(" ", 1)[1])
    return None


STORE = """mutation Remember($input: StoreMemoryInput!) { storeMemory(input: $input) {
  __typename ... on StoreSuccess { memory { id } } } }"""


def test_json_logs_carry_the_request_id(service: SplitLogService) -> None:
    """Every stderr line is a JSON object with time, level, logger and message; the access
    line of a request carries the id the caller sent, or the fresh one its response names."""
    sent = service.post(
        json={"query": "{ stats { __typename } }"}, headers={"X-Request-Id": "trace-42.a_b"}
    )
    assert sent.headers["x-request-id"] == "trace-42.a_b"
    fresh = httpx.get(f"{service.url}/healthz", headers={"X-Request-Id": "bad id!"})
    minted = fresh.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{16}", minted)
    time.sleep(0.5)  # the access line is written after the response
    records = service.records()
    assert records and all({"time", "level", "logger", "message"} <= r.keys() for r in records)
    assert any(r["logger"] == "service.api.app" and "ready" in r["message"] for r in records)
    access = {r.get("request_id"): r for r in records if r["logger"] == "uvicorn.access"}
    assert access["trace-42.a_b"]["path"] == "/graphql" and access["trace-42.a_b"]["status"] == 200
    assert access[minted]["path"] == "/healthz"
    started = [r for r in records if r["message"].startswith("Started server process")]
    assert started and "request_id" not in started[0]  # outside any request
    assert "Retentia on http://" in service.log.read_text()  # the banner stays on stdout


def test_a_clients_invalid_query_is_logged_as_a_warning(service: SplitLogService) -> None:
    """A syntax error, an unknown field, a variable of the wrong type and a refused document
    are the client's mistakes: each error is logged at WARNING with GraphQL's message and no
    traceback, and nothing of the request is logged at ERROR."""
    invalid = {
        "syntax": {"query": "{ stats { "},
        "unknown-field": {"query": "{ noSuchField }"},
        "variable": {
            "query": 'query($k: Int!) { recall(query: "x", k: $k) { __typename } }',
            "variables": {"k": "many"},
        },
        "too-deep": {"query": "{ stats " + "{ a " * 20 + "}" * 21},
    }
    for name, body in invalid.items():
        answer = service.post(json=body, headers={"X-Request-Id": f"invalid-{name}"})
        assert answer.status_code == 200 and answer.json()["errors"], (name, answer.text)
    time.sleep(0.5)
    records = service.records()
    for name in invalid:
        of_request = [r for r in records if r.get("request_id") == f"invalid-{name}"]
        graphql = [r for r in of_request if r["logger"] != "uvicorn.access"]
        assert graphql and {r["level"] for r in graphql} == {"WARNING"}, (name, graphql)
        for record in graphql:
            assert "exception" not in record, record
            assert record["message"].startswith("invalid GraphQL request: "), record
        assert all(r["level"] != "ERROR" for r in of_request), of_request


def test_metrics_name_routes_and_operations(service: SplitLogService) -> None:
    """Latency per route and operation (the operation's name, or its top-level fields when
    unnamed), status counts, the embedder's time and texts, and the domain counters."""
    stored = service.graphql(STORE, {"input": {"content": "Metrics are scraped every 15 s."}})
    assert stored["data"]["storeMemory"]["__typename"] == "StoreSuccess"
    service.graphql("{ stats { __typename } memories { __typename } }")
    service.graphql("query Named { stats { __typename } }")
    httpx.get(f"{service.url}/healthz")
    text = metrics(service)
    histogram = "retentia_request_duration_seconds_count"
    assert sample(text, histogram, route="/graphql", operation="Remember") == 1
    assert sample(text, histogram, route="/graphql", operation="memories,stats") == 1
    assert sample(text, histogram, route="/graphql", operation="Named") == 1
    assert (sample(text, histogram, route="/healthz", operation="none") or 0) >= 1
    assert (sample(text, "retentia_requests_total", route="/graphql", status="200") or 0) >= 3
    assert sample(text, "retentia_requests_in_progress", route="/graphql") == 0
    model = DEFAULT_LOCAL_NAME + INT8_SUFFIX  # the default runtime's embedder
    assert (sample(text, "retentia_embedding_seconds_count", embedder=model) or 0) >= 1
    texts = "retentia_embedding_texts_total"
    assert (sample(text, texts, embedder=model, outcome="computed") or 0) >= 1
    for counter in (
        "retentia_facts_superseded_total",
        "retentia_facts_retracted_total",
        "retentia_memories_forgotten_total",
    ):
        assert sample(text, counter) is not None, counter
    assert "# TYPE retentia_recall_leg_failures_total counter" in text
    assert "# TYPE retentia_facts_applied_total counter" in text


async def test_maintenance_counts_the_memories_it_forgets(tmp_path: Path) -> None:
    """retentia_memories_forgotten_total grows by exactly what the passes delete; a dry run
    that would forget adds nothing."""
    clock = Clock()
    tenant = Tenant(org="ops", project="forgetting")

    def forgotten_total() -> float:
        return REGISTRY.get_sample_value("retentia_memories_forgotten_total") or 0.0

    config = FalkorConfig(data_dir=tmp_path / "falkordb", vector_dimension=DIMENSION)
    async with open_backend(config) as repository:
        service = MemoryService(
            repository, HashEmbedder(), clock, EngineSettings(auto_link_floor=0.9)
        )
        for i in range(5):
            await service.store(tenant, StoreRequest(content=f"stale note {i} w{i}x q{i}z"))
        before = forgotten_total()
        deleted = 0
        would = 0
        for _ in range(12):
            clock.advance(days=30)
            dry = await maintenance(service).maintain(tenant, dry_run=True)
            would += len(dry.forgotten)
            assert forgotten_total() == before + deleted
            deleted += len((await maintenance(service).maintain(tenant)).forgotten)
        assert deleted == 5 and would >= 5
        assert forgotten_total() == before + deleted


def test_sigterm_lets_an_in_flight_request_finish(service: SplitLogService) -> None:
    """SIGTERM while a batch store runs: the batch is answered in full, the service shuts down
    (uvicorn's graceful shutdown, then the lifespan), the embedded FalkorDB stops and removes
    its pid file, and every memory of the batch is on disk. (Runs last: it stops the module's
    service.)"""
    batch = [
        {"content": f"In-flight memory {i}: " + " ".join(f"word{i}x{j}" for j in range(150))}
        for i in range(8)  # long enough to catch in flight, well inside the 30 s grace
    ]
    answer: dict[str, Any] = {}

    def send() -> None:
        response = service.post(
            json={
                "query": """mutation($inputs: [StoreMemoryInput!]!) {
                  storeMemories(inputs: $inputs) { __typename } }""",
                "variables": {"inputs": batch},
            },
            headers=TENANT,
        )
        answer["status"] = response.status_code
        answer["body"] = response.json()

    sender = threading.Thread(target=send)
    sender.start()
    deadline = time.monotonic() + 60
    while sample(metrics(service), "retentia_requests_in_progress", route="/graphql") != 1:
        assert time.monotonic() < deadline and sender.is_alive(), "the batch never was in flight"
        time.sleep(0.05)
    pidfile = service.data_dir / "falkordb" / "falkordb.pid"
    falkordb = int(pidfile.read_text())
    assert service.process is not None
    service.process.send_signal(signal.SIGTERM)
    sender.join(timeout=120)
    code = service.process.wait(timeout=120)
    service.process = None
    assert answer["status"] == 200
    results = answer["body"]["data"]["storeMemories"]
    assert [r["__typename"] for r in results] == ["StoreSuccess"] * len(batch)
    assert code in (0, -signal.SIGTERM)  # uvicorn re-raises the signal after its shutdown
    messages = [r["message"] for r in service.records()]
    assert "Application shutdown complete." in messages
    assert not pidfile.exists() and not Path(f"/proc/{falkordb}/cmdline").exists()

    async def count() -> int:
        config = FalkorConfig(data_dir=service.data_dir / "falkordb", vector_dimension=DIMENSION)
        async with open_backend(config) as repository:
            tenant = Tenant(org=TENANT["X-Retentia-Org"], project=TENANT["X-Retentia-Project"])
            return (await repository.stats(tenant)).memories

    assert asyncio.run(count()) == len(batch)
