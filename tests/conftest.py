"""Shared fixtures: real engines (FalkorDB embedded and server, Neo4j, SurrealDB embedded), the
real embedder, and a fresh tenant per test. Nothing here is a stand-in for storage.

`RETENTIA_BACKEND` narrows the storage tests to some backends: a comma-separated list of
configuration names (`falkordb-server`) or families (`falkordb`, `neo4j`, `surrealdb`). Unset,
every backend runs."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from devtools import falkordb_cluster, falkordb_server, neo4j_server
from graph_backends import (
    Backend,
    BackendConfig,
    FalkorConfig,
    Neo4jConfig,
    SurrealConfig,
    open_backend,
)
from schema import Tenant
from tests.integration.service_process import ServiceProcess

os.environ.setdefault("HF_HUB_OFFLINE", "1")

#: The dimension of all-MiniLM-L6-v2; contract tests use vectors of this size.
DIMENSION = 384
ALL_BACKENDS = (
    "falkordb-embedded",
    "falkordb-server",
    "falkordb-cluster",
    "neo4j",
    "surrealdb-embedded",
)


def selected_backends() -> tuple[str, ...]:
    raw = os.environ.get("RETENTIA_BACKEND", "").strip()
    if not raw:
        return ALL_BACKENDS
    wanted = [name.strip() for name in raw.split(",") if name.strip()]
    chosen = tuple(b for b in ALL_BACKENDS if any(b == w or b.startswith(f"{w}-") for w in wanted))
    if not chosen:
        raise pytest.UsageError(
            f"RETENTIA_BACKEND={raw!r} names no backend; choose from {', '.join(ALL_BACKENDS)}"
        )
    return chosen


BACKENDS = selected_backends()
#: Backends whose repository implements the fact layer (`graph_backends.FactRepository`).
FACT_LAYER_BACKENDS = (
    "falkordb-embedded",
    "falkordb-server",
    "falkordb-cluster",
    "neo4j",
    "surrealdb-embedded",
)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Storage tests run once per selected backend; tests marked `fact_layer` on every selected
    backend that has the fact layer."""
    if "repository" not in metafunc.fixturenames:
        return
    chosen = list(BACKENDS)
    if metafunc.definition.get_closest_marker("fact_layer"):
        chosen = [b for b in BACKENDS if b in FACT_LAYER_BACKENDS]
    metafunc.parametrize("repository", chosen, indirect=True, scope="session")


#: The folders directly under tests/; each test carries the marker of the one it lives in.
KINDS = ("unit", "contract", "integration", "e2e", "backends")
ENGINES = ("falkordb", "neo4j", "surrealdb")
TESTS = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Markers from the path, so `-m` selects by what a test is: its top folder (`unit`,
    `contract`, ...), and the engine it runs on — the folder under tests/backends/, or the
    backend a storage test is parametrised with (`repository`, `cypher_backend`)."""
    for item in items:
        if not item.path.is_relative_to(TESTS):
            continue
        parts = item.path.relative_to(TESTS).parts
        engines: set[str] = set()
        if parts[0] in KINDS:
            item.add_marker(parts[0])
        if parts[0] == "backends" and len(parts) > 2 and parts[1] in ENGINES:
            engines.add(parts[1])
        callspec = getattr(item, "callspec", None)
        if callspec is not None:
            engines.update(
                engine
                for value in callspec.params.values()
                if isinstance(value, str) and value in ALL_BACKENDS
                for engine in ENGINES
                if value == engine or value.startswith(f"{engine}-")
            )
        for engine in sorted(engines):
            item.add_marker(engine)


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
def falkordb_cluster_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A seed node of a local 3-master FalkorDB cluster (`tests.falkordb_cluster`), one per
    session, or the one named by RETENTIA_TEST_FALKORDB_CLUSTER_URL."""
    url = os.environ.get("RETENTIA_TEST_FALKORDB_CLUSTER_URL")
    if url:
        yield url
        return
    cluster = falkordb_cluster.start(tmp_path_factory.mktemp("falkordb-cluster"))
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def neo4j_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Neo4j 5 (from Maven Central, started by `devtools.neo4j_server`), or the one named by
    RETENTIA_TEST_NEO4J_URL."""
    url = os.environ.get("RETENTIA_TEST_NEO4J_URL")
    if url:
        yield url
        return
    server = neo4j_server.start(tmp_path_factory.mktemp("neo4j"))
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def embedded_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("falkordb-embedded")


def backend_config(request: pytest.FixtureRequest, name: str) -> BackendConfig:
    """The configuration of one named backend; asks for the session resources it needs (a
    server, a data directory) only when that backend is selected."""
    if name == "falkordb-embedded":
        data_dir: Path = request.getfixturevalue("embedded_data_dir")
        return FalkorConfig(data_dir=data_dir, vector_dimension=DIMENSION)
    if name == "falkordb-server":
        url: str = request.getfixturevalue("falkordb_url")
        return FalkorConfig(url=url, vector_dimension=DIMENSION)
    if name == "falkordb-cluster":
        seed: str = request.getfixturevalue("falkordb_cluster_url")
        return FalkorConfig(url=seed, cluster=True, vector_dimension=DIMENSION)
    if name == "neo4j":
        bolt: str = request.getfixturevalue("neo4j_url")
        return Neo4jConfig(url=bolt, vector_dimension=DIMENSION)
    if name == "surrealdb-embedded":
        return SurrealConfig(url="mem://", vector_dimension=DIMENSION)
    raise ValueError(name)


@pytest.fixture(scope="session")
async def repository(request: pytest.FixtureRequest) -> AsyncIterator[Backend]:
    config = backend_config(request, request.param)
    async with open_backend(config) as repo:
        yield repo


def new_tenant() -> Tenant:
    return Tenant(org="test", project=f"t-{uuid.uuid4().hex[:12]}")


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    """`retentia serve` as a real uvicorn process on the embedded default, one per module."""
    process = ServiceProcess(tmp_path_factory.mktemp("service"))
    with process.running():
        yield process


@pytest.fixture
async def tenant(repository: Backend) -> AsyncIterator[Tenant]:
    """A fresh tenant with its schema ensured; dropped afterwards."""
    t = new_tenant()
    await repository.ensure_schema(t)
    try:
        yield t
    finally:
        await repository.drop_tenant(t)
