"""CORS over real HTTP: a page on an allowed origin gets its preflight answered and may read
the answers; any other origin, and every origin when the list is empty (the default), gets no
CORS headers, so the browser withholds the answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.integration.service_process import ServiceProcess

ALLOWED = "http://app.example.test:5173"
OTHER = "https://evil.example.test"
QUERY = {"query": "{ stats { __typename } }"}


@pytest.fixture(scope="module")
def cors_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    process = ServiceProcess(
        tmp_path_factory.mktemp("cors"), {"RETENTIA_CORS_ORIGINS": f"{ALLOWED},http://b.test"}
    )
    with process.running():
        yield process


def preflight(api: ServiceProcess, origin: str) -> httpx.Response:
    return httpx.options(
        f"{api.url}/graphql",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, x-retentia-project",
        },
        timeout=30,
    )


def test_a_preflight_from_an_allowed_origin_is_answered(cors_api: ServiceProcess) -> None:
    answer = preflight(cors_api, ALLOWED)
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert "POST" in answer.headers["access-control-allow-methods"]
    allowed = answer.headers["access-control-allow-headers"].lower()
    for header in ("authorization", "content-type", "x-retentia-project"):
        assert header in allowed
    assert "access-control-allow-credentials" not in answer.headers


def test_an_allowed_origin_may_read_the_answer(cors_api: ServiceProcess) -> None:
    answer = httpx.post(f"{cors_api.url}/graphql", json=QUERY, headers={"Origin": ALLOWED})
    assert answer.status_code == 200
    assert answer.json()["data"]["stats"]["__typename"] == "Stats"
    assert answer.headers["access-control-allow-origin"] == ALLOWED
    assert "x-request-id" in answer.headers["access-control-expose-headers"].lower()
    assert "origin" in answer.headers.get("vary", "").lower()


def test_another_origin_gets_no_cors_headers(cors_api: ServiceProcess) -> None:
    refused = preflight(cors_api, OTHER)
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    answer = httpx.post(f"{cors_api.url}/graphql", json=QUERY, headers={"Origin": OTHER})
    assert "access-control-allow-origin" not in answer.headers


def test_no_origin_is_allowed_by_default(tmp_path: Path) -> None:
    process = ServiceProcess(tmp_path / "default")
    with process.running():
        answer = httpx.post(f"{process.url}/graphql", json=QUERY, headers={"Origin": ALLOWED})
        assert answer.status_code == 200
        assert "access-control-allow-origin" not in answer.headers
        assert "access-control-allow-origin" not in preflight(process, ALLOWED).headers
