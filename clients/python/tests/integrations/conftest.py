"""One keyed `retentia serve` (production mode, a key from `retentia keys create`) for every
framework integration's tests, and a fresh project per test, so a test sees only its own
memories."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable, Iterator

import pytest
from retentia_client import AsyncRetentia, Retentia, RetryPolicy

from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "bootstrap-" + "fedcba9876543210" * 3
FAST = RetryPolicy(attempts=3, initial=0.01, maximum=0.05)


@pytest.fixture(scope="session")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with ServiceProcess.secured(tmp_path_factory.mktemp("frameworks"), BOOTSTRAP).running() as s:
        yield s


@pytest.fixture(scope="session")
def api_key(service: ServiceProcess) -> str:
    done = service.cli("keys", "create", "--name", "framework integration tests")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def pytest_configure(config: pytest.Config) -> None:
    # langchain-tests marks some of its chat-model tests with the markers of pytest-benchmark
    # and pytest-recording, plugins it depends on that scripts/install leaves out (they would
    # load into every test run); --strict-markers refuses markers nobody registered.
    config.addinivalue_line("markers", "benchmark: langchain-tests' benchmarks (not run here)")
    config.addinivalue_line("markers", "vcr: langchain-tests' recorded HTTP (not run here)")


def fresh_project() -> str:
    return f"fw-{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def connect(service: ServiceProcess, api_key: str) -> Callable[[], Retentia]:
    """A new client of the service, in a project of its own."""
    return lambda: Retentia(service.url, api_key=api_key, project=fresh_project(), retry=FAST)


@pytest.fixture
async def async_client(service: ServiceProcess, api_key: str) -> AsyncIterator[AsyncRetentia]:
    """An async client of the service, in a project of its own."""
    project = fresh_project()
    async with AsyncRetentia(service.url, api_key=api_key, project=project, retry=FAST) as c:
        yield c


@pytest.fixture
def client(connect: Callable[[], Retentia]) -> Iterator[Retentia]:
    with connect() as c:
        yield c
