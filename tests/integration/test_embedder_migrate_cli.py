"""`retentia embedder migrate` end to end on an embedded data directory: a project written with
one embedder is re-embedded by the command running the local model, with progress on stderr and
a one-line summary; afterwards the first embedder is refused and a second run has nothing to do;
a project that does not exist is refused with exit status 2. Beside a running service, the
command shares its embedded FalkorDB, and the service, still on the old model, stops searching
and writing vectors the new model made."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graph_backends import open_backend
from schema import Tenant, build
from service.settings import Settings
from service.usecases.embedder_records import RECORD_KEY, EmbedderMismatch, EmbedderRecord
from service.usecases.memories import MemoryService, StoreRequest
from tests.conftest import DIMENSION
from tests.engine_support import HashEmbedder
from tests.integration.service_process import ServiceProcess

TENANT = build(Tenant, org="acme", project="p1")


def migrate(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "service.cli", "embedder", "migrate"]
    return subprocess.run(
        [*command, "--data-dir", str(data_dir), "--settle", "0", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )


async def test_migrate_re_embeds_a_project_from_the_command_line(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    texts = [f"note number {i} about the garden" for i in range(5)]
    async with open_backend(settings.backend_config(DIMENSION)) as repository:
        service = MemoryService(repository, HashEmbedder(), lambda: datetime.now(UTC))
        for text in texts:
            await service.store(TENANT, StoreRequest(content=text))

    done = migrate("--org", "acme", "--project", "p1", "--page", "2", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "acme/p1 memories: 2/5 re-embedded" in done.stderr
    assert "acme/p1 memories: 5/5 re-embedded" in done.stderr
    assert "acme/p1: re-embedded 5 memories and 0 facts from test:bag-of-words" in done.stdout

    async with open_backend(settings.backend_config(DIMENSION)) as repository:
        raw = await repository.get_config(TENANT, RECORD_KEY)
        assert raw is not None
        record = EmbedderRecord.from_json(raw)
        assert record.name.startswith("local:") and record.migration is None
        service = MemoryService(repository, HashEmbedder(), lambda: datetime.now(UTC))
        with pytest.raises(EmbedderMismatch):
            await service.store(TENANT, StoreRequest(content="one more note"))

    again = migrate("--all-projects", data_dir=tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"acme/p1: already embedded with {record.name}" in again.stdout

    missing = migrate("--org", "acme", "--project", "nope", data_dir=tmp_path)
    assert missing.returncode == 2 and "project acme/nope does not exist" in missing.stderr


STORE = """mutation($content: String!) {
  storeMemory(input: {content: $content}) {
    __typename ... on StoreSuccess { memory { id } } ... on Conflict { message retryable }
  }
}"""
EXPLAIN = """query($id: ID!, $q: String!) {
  explain(id: $id, query: $q) { __typename }
}"""
RECALL = """query($q: String!) {
  recall(query: $q, readOnly: true) {
    ... on Recall { degraded failedLegs { leg error } hits { id } }
  }
}"""


def test_migrate_beside_a_running_service_refuses_its_old_model(tmp_path: Path) -> None:
    """The service (all-MiniLM-L6-v2) keeps serving while the command re-embeds its project
    with bge-small-en-v1.5, sharing its embedded FalkorDB; afterwards the service's recall
    answers without its vector legs, naming the fix, its stores are refused, writing nothing,
    and its explain with a query answers `EMBEDDER_MISMATCH`; a service started with bge
    serves the project whole."""
    service = ServiceProcess(tmp_path / "service")
    with service.running():
        stored = [
            service.graphql(STORE, {"content": text})["data"]["storeMemory"]["memory"]["id"]
            for text in ("Alice moved to Lisbon in May", "The boiler was serviced in March")
        ]
        assert not service.graphql(RECALL, {"q": "where does Alice live"})["data"]["recall"][
            "degraded"
        ]
        done = subprocess.run(
            [sys.executable, "-m", "service.cli", "embedder", "migrate", "--settle", "1"],
            env={**service.environment(), "RETENTIA_LOCAL_MODEL": "bge-small-en-v1.5"},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        assert "re-embedded 2 memories" in done.stdout and "bge-small-en-v1.5" in done.stdout
        time.sleep(2.5)  # the service's kept record expires
        recall = service.graphql(RECALL, {"q": "where does Alice live"})["data"]["recall"]
        assert recall["degraded"] and stored[0] in [h["id"] for h in recall["hits"]]
        (vector,) = [f["error"] for f in recall["failedLegs"] if f["leg"] == "VECTOR"]
        assert "retentia embedder migrate" in vector and "bge-small-en-v1.5" in vector
        refused = service.graphql(STORE, {"content": "Bob adopted a dog"})["data"]
        assert refused["storeMemory"]["__typename"] == "Conflict"
        assert not refused["storeMemory"]["retryable"]
        assert "bge-small-en-v1.5" in refused["storeMemory"]["message"]
        explained = service.graphql(EXPLAIN, {"id": stored[0], "q": "Alice"})
        (error,) = explained["errors"]
        assert error["extensions"] == {"code": "EMBEDDER_MISMATCH", "retryable": False}
        assert "retentia embedder migrate" in error["message"]
    after = ServiceProcess(tmp_path / "service", {"RETENTIA_LOCAL_MODEL": "bge-small-en-v1.5"})
    with after.running():
        recall = after.graphql(RECALL, {"q": "where does Alice live"})["data"]["recall"]
        assert not recall["degraded"] and recall["hits"][0]["id"] == stored[0]
        assert (
            after.graphql(STORE, {"content": "Bob adopted a dog"})["data"]["storeMemory"][
                "__typename"
            ]
            == "StoreSuccess"
        )
