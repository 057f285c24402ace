"""The MCP tools at `/mcp` (streamable HTTP) through the SDK's own HTTP client, against a real
`retentia serve` process (uvicorn, embedded FalkorDB, the real embedder) with API keys: the
same tools as `retentia mcp` over stdio, a store then a recall, the API keys and tenancy of
GraphQL (no key or a wrong one: 401; a key restricted to other projects: one `Forbidden` answer
whether the project exists or not; two projects never see each other's memories; development
mode needs no key), the request body limit, and bad arguments as a typed tool error."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from service.api.mcp_http import TOOL_PERMISSIONS
from tests.integration.mcp_client import ACCEPT, INITIALIZE, call, ok, stdio_server, stdio_session
from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "mcp-http-bootstrap-0123456789abcdef0123456789"
#: The request body limit the service runs with (RETENTIA_MAX_REQUEST_BYTES).
LIMIT = 64 * 1024


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("mcp-http")
    limit = {"RETENTIA_MAX_REQUEST_BYTES": str(LIMIT)}
    with ServiceProcess.secured(data_dir, BOOTSTRAP, limit).running() as process:
        yield process


@asynccontextmanager
async def session(
    api: ServiceProcess, key: str | None = BOOTSTRAP, project: str | None = None
) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    if project is not None:
        headers["X-Retentia-Project"] = project
    timeout = httpx2.Timeout(30, read=300)
    async with (
        httpx2.AsyncClient(headers=headers, timeout=timeout) as client,
        streamable_http_client(f"{api.url}/mcp", http_client=client) as (read, write),
        ClientSession(read, write) as mcp,
    ):
        await mcp.initialize()
        yield mcp


def project() -> str:
    return f"p{uuid.uuid4().hex[:10]}"


async def test_store_then_recall_over_http(api: ServiceProcess) -> None:
    """A memory stored through `/mcp` is recalled through `/mcp`, and GraphQL sees it in the
    same project: one store behind both surfaces."""
    name = project()
    async with session(api, project=name) as mcp:
        stored = await ok(mcp, "memory_store", content="the staging cluster runs on arm64 nodes")
        recalled = await ok(mcp, "memory_recall", query="which cpu architecture is staging")
    assert stored["status"] == "stored"
    assert stored["node_id"] in [hit["id"] for hit in recalled["results"]]
    body = api.graphql(
        "query($id: ID!) { memory(id: $id) { __typename ... on Memory { content } } }",
        {"id": stored["node_id"]},
        {"X-Retentia-Project": name},
    )
    assert body["data"]["memory"]["content"] == "the staging cluster runs on arm64 nodes"


async def test_no_key_or_a_wrong_key_is_401(api: ServiceProcess) -> None:
    """Without a valid key nothing reaches MCP: 401 with a Bearer challenge, and the SDK's
    client fails to initialize."""
    wrong = "rtk_default_0123456789abcdef_" + "0" * 64
    for headers in ({}, {"Authorization": f"Bearer {wrong}"}, {"Authorization": "Basic x"}):
        async with httpx.AsyncClient(timeout=60) as client:
            response = await client.post(
                f"{api.url}/mcp",
                json=INITIALIZE,
                headers={**headers, **ACCEPT},
            )
        assert response.status_code == 401, response.text
        assert response.headers["www-authenticate"] == "Bearer"
        assert response.json()["error"] == "Unauthenticated"
    with pytest.raises(Exception):  # noqa: B017 - the SDK's error type for a 401 is not public
        async with session(api, key=wrong):
            pass


async def test_a_key_of_other_projects_is_refused_alike(api: ServiceProcess) -> None:
    """A key restricted to one project, naming another, gets one `Forbidden` answer whether
    that project holds memories or does not exist — as GraphQL answers (ADR 0016) — and
    reads or writes nothing there; in its own project it works."""
    own, other = project(), project()
    async with session(api, project=other) as mcp:
        await ok(mcp, "memory_store", content="a secret of the other project")
    key = api.create_key(["PROJECT_READ", "PROJECT_WRITE"], name="mcp", projects=[own])[1]
    answers = []
    for name in (other, project()):
        async with session(api, key=key, project=name) as mcp:
            answers.append(await call(mcp, "memory_search", query=""))
            failed, answer = await call(mcp, "memory_store", content="planted")
            assert failed and answer["code"] == "Forbidden"
    assert answers[0] == answers[1]
    failed, answer = answers[0]
    assert failed and answer["code"] == "Forbidden" and answer["retryable"] is False
    async with session(api, project=other) as mcp:
        listed = await ok(mcp, "memory_search", query="")
    assert [hit["summary"] for hit in listed["results"]] == ["a secret of the other project"]
    async with session(api, key=key, project=own) as mcp:
        await ok(mcp, "memory_store", content="in its own project")


async def test_a_permission_the_key_lacks_is_a_forbidden_tool_error(api: ServiceProcess) -> None:
    """A read-only key may search but not store: the store is a `Forbidden` tool error naming
    the permission."""
    key = api.create_key(["PROJECT_READ"], name="mcp")[1]
    async with session(api, key=key, project=project()) as mcp:
        await ok(mcp, "memory_search", query="")
        failed, answer = await call(mcp, "memory_store", content="not allowed")
    assert failed and answer["code"] == "Forbidden" and "project:write" in answer["error"]


async def test_two_projects_do_not_see_each_other(api: ServiceProcess) -> None:
    """What one project stores, another project's recall and search never return, with the
    same key."""
    first, second = project(), project()
    async with session(api, project=first) as mcp:
        mine = await ok(mcp, "memory_store", content="the release train leaves on tuesdays")
    async with session(api, project=second) as mcp:
        recalled = await ok(mcp, "memory_recall", query="when does the release train leave")
        searched = await ok(mcp, "memory_search", query="")
        failed, answer = await call(mcp, "memory_explain", node_id=mine["node_id"])
    assert recalled["results"] == [] and searched["results"] == []
    assert failed and answer["code"] == "NotFound"


async def test_bad_arguments_are_typed_tool_errors(api: ServiceProcess) -> None:
    """Arguments outside a tool's schema or invalid input: `InvalidInput`, never retryable,
    naming the argument."""
    async with session(api, project=project()) as mcp:
        failed, answer = await call(mcp, "memory_recall", query="x", k=1000)
        assert failed and answer["code"] == "InvalidInput" and "k" in answer["error"]
        failed, answer = await call(mcp, "memory_store")
        assert failed and answer["code"] == "InvalidInput" and "content" in answer["error"]
        assert answer["retryable"] is False


async def test_the_tools_over_http_are_the_stdio_servers(
    api: ServiceProcess, tmp_path: Path
) -> None:
    """`tools/list` over HTTP and over stdio (`retentia mcp`) answer the same tools, schemas
    and annotations: one set of definitions behind both transports."""
    async with session(api) as mcp:
        over_http = (await mcp.list_tools()).tools
    async with stdio_session(stdio_server(tmp_path), tmp_path / "stdio.log") as stdio:
        over_stdio = (await stdio.list_tools()).tools
    assert {t.name for t in over_http} == set(TOOL_PERMISSIONS)
    assert [t.model_dump() for t in over_http] == [t.model_dump() for t in over_stdio]


async def test_the_body_limit_applies_to_mcp(api: ServiceProcess) -> None:
    """A tool call over the request body limit is refused (413) before it reaches a tool: no
    memory is stored."""
    name = project()
    call_over_limit = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "memory_store", "arguments": {"content": "x" * (LIMIT + 1)}},
    }
    async with httpx.AsyncClient(timeout=60) as client:
        response = await client.post(
            f"{api.url}/mcp",
            json=call_over_limit,
            headers={
                "Authorization": f"Bearer {BOOTSTRAP}",
                "X-Retentia-Project": name,
                **ACCEPT,
            },
        )
    assert response.status_code == 413, response.text
    async with session(api, project=name) as mcp:
        assert (await ok(mcp, "memory_search", query=""))["results"] == []


async def test_development_mode_needs_no_key(tmp_path: Path) -> None:
    """`retentia serve --dev` serves /mcp without a key, as it serves GraphQL."""
    with ServiceProcess(tmp_path / "dev").running() as dev:
        async with session(dev, key=None) as mcp:
            stored = await ok(mcp, "memory_store", content="development notes")
            listed = await ok(mcp, "memory_search", query="")
    assert [hit["id"] for hit in listed["results"]] == [stored["node_id"]]
