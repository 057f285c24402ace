"""Over HTTP, against a real uvicorn on a FalkorDB server: requests that only read a project
nobody wrote answer empty and create no graph, however many arrive (a `project:read` key may
name any project of its org); the first write creates it; project names are one tenant in any
case, and the reserved project cannot be named in any case."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "tenant-reads-bootstrap-0123456789abcdef012345"
READS = """{
  stats { __typename ... on Stats { memories } }
  memories(first: 5) { __typename ... on MemoryConnection { nodes { id } } }
  coreMemories { __typename ... on MemoryConnection { nodes { id } } }
  facts { __typename ... on FactList { nodes { id } } }
  recall(query: "where is the offsite", readOnly: true) {
    __typename ... on Recall { hits { id } } }
}"""
STORE = """mutation { storeMemory(input: {content: "the offsite is in march"}) {
  __typename ... on StoreSuccess { memory { id } } } }"""


@pytest.fixture(scope="module")
def service(
    falkordb_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("tenant-reads")
    at_url = {"RETENTIA_FALKORDB_URL": falkordb_url}
    with ServiceProcess.secured(data_dir, BOOTSTRAP, at_url).running() as process:
        yield process


def graphs(url: str) -> set[str]:
    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        return set(client.execute_command("GRAPH.LIST"))
    finally:
        client.close()


def ask(service: ServiceProcess, query: str, key: str, project: str) -> dict[str, Any]:
    body = service.graphql(query, headers={"X-Retentia-Project": project}, key=key)
    assert "errors" not in body, body
    answer: dict[str, Any] = body["data"]
    return answer


def test_reads_of_new_projects_create_no_graph(service: ServiceProcess, falkordb_url: str) -> None:
    _, reader = service.create_key(["PROJECT_READ"], name="reader")
    before = graphs(falkordb_url)
    projects = [f"never-{uuid.uuid4().hex[:8]}" for _ in range(30)]
    for project in projects:
        stats = ask(service, "{ stats { __typename ... on Stats { memories } } }", reader, project)
        assert stats["stats"] == {"__typename": "Stats", "memories": 0}
    answer = ask(service, READS, BOOTSTRAP, projects[0])
    assert answer["stats"]["memories"] == 0
    assert answer["memories"]["nodes"] == []
    assert answer["coreMemories"]["nodes"] == []
    assert answer["facts"]["nodes"] == []
    assert answer["recall"]["hits"] == []
    assert graphs(falkordb_url) == before

    stored = ask(service, STORE, BOOTSTRAP, projects[0])["storeMemory"]
    assert stored["__typename"] == "StoreSuccess"
    assert graphs(falkordb_url) == before | {f"retentia:default:{projects[0]}"}


def test_project_names_are_one_tenant_in_any_case(service: ServiceProcess) -> None:
    project = f"Mixed-{uuid.uuid4().hex[:8]}"
    stored = ask(service, STORE, BOOTSTRAP, project)["storeMemory"]
    assert stored["__typename"] == "StoreSuccess"
    for spelling in (project.lower(), project.upper()):
        stats = ask(service, "{ stats { ... on Stats { memories } } }", BOOTSTRAP, spelling)
        assert stats["stats"]["memories"] == 1
    for reserved in ("Retentia.System", "RETENTIA.SYSTEM"):
        refused = ask(
            service,
            "{ stats { __typename ... on InvalidInput { field message } } }",
            BOOTSTRAP,
            reserved,
        )["stats"]
        assert refused["__typename"] == "InvalidInput" and refused["field"] == "project"
        assert "reserved" in refused["message"]
