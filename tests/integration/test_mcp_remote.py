"""`retentia mcp --url` (issue 50): a desktop agent's stdio MCP server that serves a running
Retentia's tools over its `/mcp`, with a key and a project, so a team's agents share one store.
A memory stored through the bridge is in the service's project (GraphQL sees it) and recalled
through it; a wrong key is every call's `Unauthenticated` answer, not a crash; nothing is
stored locally."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.service_process import ServiceProcess
from tests.integration.test_shared_data_directory import StdioClient

BOOTSTRAP = "mcp-remote-bootstrap-0123456789abcdef0123456"


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with ServiceProcess.secured(tmp_path_factory.mktemp("team"), BOOTSTRAP).running() as api:
        yield api


def test_the_bridge_stores_and_recalls_in_the_services_project(
    team: ServiceProcess, tmp_path: Path
) -> None:
    local = tmp_path / "local"
    bridge = StdioClient(
        local, tmp_path / "bridge.log", "--url", team.url, "--project", "team",
        RETENTIA_MCP_KEY=BOOTSTRAP,
    )  # fmt: skip
    try:
        listed = bridge.request("tools/list", {})["result"]["tools"]
        assert "memory_store" in {tool["name"] for tool in listed}
        stored = bridge.store("the team's staging cluster runs on arm64 nodes")
        failed, recalled = bridge.tool("memory_recall", query="which cpu does staging run on")
        assert not failed and stored in [hit["id"] for hit in recalled["results"]]
    finally:
        bridge.close()
    body = team.graphql(
        "query($id: ID!) { memory(id: $id) { __typename ... on Memory { content } } }",
        {"id": stored},
        {"X-Retentia-Project": "team"},
    )
    assert body["data"]["memory"]["content"] == "the team's staging cluster runs on arm64 nodes"
    assert not (local / "falkordb").exists()  # nothing was opened or stored here


def test_a_wrong_key_is_every_calls_answer(team: ServiceProcess, tmp_path: Path) -> None:
    bridge = StdioClient(
        tmp_path / "local", tmp_path / "bridge.log", "--url", team.url, "--key", "typo"
    )
    try:
        failed, answer = bridge.tool("memory_store", content="never stored")
        assert failed and answer["code"] == "Unauthenticated", answer
        assert answer["retryable"] is False
        assert "refused the key (401)" in answer["error"]
    finally:
        bridge.close()
