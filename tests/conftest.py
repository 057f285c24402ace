"""Shared fixtures: real FalkorDB engines (embedded and server), the real embedder, and a
fresh tenant per test. Nothing here is a stand-in for storage."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from graph_backends import FalkorConfig, GraphRepository, open_backend
from schema import Tenant
from tests import falkordb_server
from tests.integration.service_process import ServiceProcess

os.environ.setdefault("HF_HUB_OFFLINE", "1")

#: The dimension of all-MiniLM-L6-v2; contract tests use vectors of this size.
DIMENSION = 384
BACKENDS = ("falkordb-embedded", "falkordb-server")


@pytest.fixture(scope="session")
def falkordb_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("RETENTIA_TEST_FALKORDB_URL")
    if url:
        yield url
        return
    process, url = falkordb_server.start(tmp_path_factory.mktemp("falkordb-server"))
    try:
        yield url
    finally:
        falkordb_server.stop(process)


@pytest.fixture(scope="session")
def embedded_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("falkordb-embedded")


def backend_config(name: str, falkordb_url: str, embedded_data_dir: Path) -> FalkorConfig:
    if name == "falkordb-embedded":
        return FalkorConfig(data_dir=embedded_data_dir, vector_dimension=DIMENSION)
    if name == "falkordb-server":
        return FalkorConfig(url=falkordb_url, vector_dimension=DIMENSION)
    raise ValueError(name)


@pytest.fixture(scope="session", params=BACKENDS)
async def repository(
    request: pytest.FixtureRequest, falkordb_url: str, embedded_data_dir: Path
) -> AsyncIterator[GraphRepository]:
    config = backend_config(request.param, falkordb_url, embedded_data_dir)
    async with open_backend(config) as repo:
        yield repo


def new_tenant() -> Tenant:
    return Tenant(org="test", project=f"t-{uuid.uuid4().hex[:12]}")


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    """`retentia serve` as a real uvicorn process on the embedded default, one per module."""
    process = ServiceProcess(tmp_path_factory.mktemp("service"))
    process.start()
    try:
        yield process
    finally:
        if process.process is not None:
            process.stop()


@pytest.fixture
async def tenant(repository: GraphRepository) -> AsyncIterator[Tenant]:
    """A fresh tenant with its schema ensured; dropped afterwards."""
    t = new_tenant()
    await repository.ensure_schema(t)
    try:
        yield t
    finally:
        await repository.drop_tenant(t)
