"""The reconciler as its own process (`retentia reconcile`) on the embedded default: a writer
killed between the fact write and the edge projection leaves the graph inconsistent, and one
pass repairs it; beside a running service it shares the service's embedded FalkorDB."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from tests.conftest import DIMENSION
from tests.integration.service_process import ServiceProcess

TENANT = Tenant(org="default", project="default")
INGEST = """mutation($facts: [FactInput!]!) { ingestFacts(facts: $facts) {
  ... on FactBatch { inserted superseded } } }"""


def reconcile(data_dir: Path, *args: str) -> list[dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RETENTIA_")}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "reconcile", *args],
        env={**env, "RETENTIA_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1"},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def graph_state(data_dir: Path) -> tuple[list[str], list[str]]:
    """(ids of facts true now, fact ids of open RELATES edges), read with the service stopped."""

    async def read() -> tuple[list[str], list[str]]:
        config = FalkorConfig(data_dir=data_dir / "falkordb", vector_dimension=DIMENSION)
        async with open_backend(config) as repository:
            store = repository
            now = datetime.now(UTC)
            facts = await store.active_state_facts(TENANT)
            edges = await store.open_relations(TENANT, now)
            return sorted(f.id for f in facts), sorted(e.fact_id for e in edges)

    return asyncio.run(read())


def test_killed_writer_leaves_drift_that_one_pass_repairs(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    data_dir = tmp_path_factory.mktemp("fault")
    service = ServiceProcess(data_dir, env={"RETENTIA_FAULT_INJECTION": "exit_after_fact_write"})
    service.start()
    facts = [{"subject": "Alice", "predicate": "works at", "object": "Acme"}]
    with pytest.raises(httpx.TransportError):
        httpx.post(
            f"{service.url}/graphql",
            json={"query": INGEST, "variables": {"facts": facts}},
            timeout=60,
        )
    assert service.process is not None and service.process.wait(timeout=60) == 70
    service.process = None
    fact_ids, edge_facts = graph_state(data_dir)
    assert len(fact_ids) == 1 and edge_facts == []  # the fact committed, its edge never did

    (dry,) = reconcile(data_dir, "--dry-run")
    assert (dry["result"], dry["planned"]) == ("dry_run", 1)
    assert graph_state(data_dir)[1] == []  # a dry run writes nothing
    (applied,) = reconcile(data_dir, "--once")
    assert (applied["result"], applied["edges_created"], applied["repairs"]) == ("applied", 1, 1)
    assert graph_state(data_dir) == (fact_ids, fact_ids)
    (again,) = reconcile(data_dir, "--once")
    assert again["repairs"] == 0


def test_reconciler_shares_a_running_services_database(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    data_dir = tmp_path_factory.mktemp("shared")
    service = ServiceProcess(data_dir)
    service.start()
    try:
        result = service.graphql(
            INGEST, {"facts": [{"subject": "Bob", "predicate": "lives in", "object": "Oslo"}]}
        )
        assert result["data"]["ingestFacts"]["inserted"] == 1
        (report,) = reconcile(data_dir, "--once", "--org", "default", "--project", "default")
        assert (report["result"], report["repairs"]) == ("applied", 0)
        assert httpx.get(f"{service.url}/readyz").status_code == 200  # still serving
    finally:
        service.stop()
