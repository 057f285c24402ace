"""Per-key rate limits over real HTTP: past its burst a key gets 429 with `Retry-After` and a
typed, retryable GraphQL error, counted in `/metrics`; another key keeps its own budget; the
probes and the metrics are never limited; without the setting nothing is."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.integration.mcp_client import ACCEPT, INITIALIZE
from tests.integration.service_process import ServiceProcess

QUERY = {"query": "{ stats { __typename } }"}


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    # One token every 100 s: the test's requests cannot earn a second one however slow it runs.
    process = ServiceProcess(
        tmp_path_factory.mktemp("limited"),
        {"RETENTIA_RATE_LIMIT": "0.01", "RETENTIA_RATE_LIMIT_BURST": "2"},
    )
    with process.running():
        yield process


def post(api: ServiceProcess, key: str) -> httpx.Response:
    return httpx.post(
        f"{api.url}/graphql", json=QUERY, headers={"Authorization": f"Bearer {key}"}, timeout=60
    )


def limited_count(api: ServiceProcess, path: str = "/graphql") -> float:
    text = httpx.get(f"{api.url}/metrics", timeout=30).text
    pattern = rf'^retentia_rate_limited_total\{{path="{re.escape(path)}"\}} (\S+)$'
    found = re.search(pattern, text, re.M)
    return float(found.group(1)) if found else 0.0


def test_past_its_burst_a_key_is_told_when_to_retry(limited: ServiceProcess) -> None:
    before = limited_count(limited)
    assert [post(limited, "key-a").status_code for _ in range(2)] == [200, 200]
    refused = post(limited, "key-a")
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 100
    error = refused.json()["errors"][0]
    assert error["extensions"]["code"] == "RATE_LIMITED"
    assert error["extensions"]["retryable"] is True
    assert "rate limit" in error["message"]
    assert limited_count(limited) == before + 1
    # Another key has its own budget.
    assert post(limited, "key-b").status_code == 200


def test_mcp_shares_the_limit_under_its_own_label(limited: ServiceProcess) -> None:
    """/mcp is limited per key like /graphql, and its refusals are counted as `path="/mcp"`."""
    before = limited_count(limited, "/mcp")
    headers = {"Authorization": "Bearer key-mcp", **ACCEPT}
    codes = [
        httpx.post(f"{limited.url}/mcp", json=INITIALIZE, headers=headers, timeout=60).status_code
        for _ in range(3)
    ]
    assert codes == [200, 200, 429]
    assert limited_count(limited, "/mcp") == before + 1


def test_probes_and_metrics_are_never_limited(limited: ServiceProcess) -> None:
    for _ in range(5):
        assert httpx.get(f"{limited.url}/healthz", timeout=30).status_code == 200
        assert httpx.get(f"{limited.url}/readyz", timeout=30).status_code == 200
        assert httpx.get(f"{limited.url}/metrics", timeout=30).status_code == 200


def test_no_limit_without_the_setting(api: ServiceProcess) -> None:
    assert all(post(api, "key-c").status_code == 200 for _ in range(10))
