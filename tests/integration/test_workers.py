"""`retentia serve --workers 2` (issue 55): two worker processes on one port over one store.
Both start, both answer (the kernel spreads new connections among them; each logs as
`[worker <pid>]`), what one writes the other reads, and /metrics counts both, whichever
answers. The invariants under concurrent writes split across workers are
tests/integration/test_replicas.py's, run against workers too."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from tests.integration.service_process import ServiceProcess

STORE = """mutation($c: String!) { storeMemory(input: {content: $c}) { __typename
  ... on StoreSuccess { memory { id } } } }"""
READ = "query($id: ID!) { memory(id: $id) { __typename ... on Memory { content } } }"


def test_two_workers_share_one_port_and_one_store(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "data", {"RETENTIA_WORKERS": "2"})
    with service.running():
        ids = []
        for n in range(40):  # each request on a new connection
            stored = service.graphql(STORE, {"c": f"Worker note {n} about the arm64 cluster"})
            ids.append(stored["data"]["storeMemory"]["memory"]["id"])
        for n, memory_id in enumerate(ids):
            read = service.graphql(READ, {"id": memory_id})["data"]["memory"]
            assert read == {
                "__typename": "Memory",
                "content": f"Worker note {n} about the arm64 cluster",
            }
        assert httpx.get(f"{service.url}/readyz", timeout=5).status_code == 200
        # Whichever worker answers a scrape, it counts every worker's requests.
        scrapes = [httpx.get(f"{service.url}/metrics", timeout=10).text for _ in range(6)]
        log = service.log.read_text()
    for scrape in scrapes:
        answered_graphql = sum(
            float(count)
            for count in re.findall(
                r'^retentia_requests_total\{route="/graphql",status="200"\} (\S+)$',
                scrape,
                re.MULTILINE,
            )
        )
        assert answered_graphql >= 80, scrape[:2000]
    started = set(re.findall(r"\[worker (\d+)\] uvicorn\.error: Application startup complete", log))
    assert len(started) == 2, log[-3000:]
    answered = set(re.findall(r"\[worker (\d+)\] uvicorn\.access: .*POST /graphql", log))
    assert answered == started, (answered, started)
