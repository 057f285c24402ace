"""Export over real HTTP and the command line, beside a running service: `GET /export` streams
a project as NDJSON (a header, every record, an end record whose counts are the records sent)
or GraphML that networkx reads back with a node per memory and an edge per memory–memory edge;
it takes the API key GraphQL takes — none is 401, one without project:read 403, and a key
restricted to other projects gets for an existing project exactly what a project that exists
nowhere gets (404). `retentia export` writes the same file, and refuses an unknown project."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import networkx as nx
import pytest

from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "export-bootstrap-0123456789abcdef0123456789"
STORE = """mutation($content: String!, $related: [RelatedEdgeInput!]!) {
  storeMemory(input: {content: $content, related: $related}) {
    __typename ... on StoreSuccess { memory { id } } } }"""


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("export-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def store(api: ServiceProcess, project: str, content: str, related: list[Any] | None = None) -> str:
    body = api.graphql(
        STORE, {"content": content, "related": related or []}, {"X-Retentia-Project": project}
    )
    result = body["data"]["storeMemory"]
    assert result["__typename"] == "StoreSuccess", body
    return str(result["memory"]["id"])


def get(api: ServiceProcess, key: str | None, **params: str) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.get(f"{api.url}/export", params=params, headers=headers, timeout=120)


def fill(api: ServiceProcess, project: str) -> list[str]:
    first = store(api, project, "the deploy failed because the disk was full")
    second = store(
        api,
        project,
        "logs filled the disk during the deploy",
        [{"targetId": first, "type": "CAUSED_BY"}],
    )
    third = store(api, project, "an unrelated note about lunch")
    return [first, second, third]


def records(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_export_streams_the_project_as_ndjson_and_graphml(secured: ServiceProcess) -> None:
    project = f"exp-{uuid.uuid4().hex[:8]}"
    ids = fill(secured, project)

    response = get(secured, BOOTSTRAP, project=project)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = records(response.text)
    header, end = lines[0], lines[-1]
    assert (header["kind"], header["mode"], header["version"]) == ("header", "export", 1)
    assert header["source"]["project"] == project and header["embedder"]["dimension"] == 384
    assert header["embeddings"] is False
    assert end["kind"] == "end"
    sent: dict[str, int] = {}
    for record in lines[1:-1]:
        sent[record["kind"]] = sent.get(record["kind"], 0) + 1
    assert end["counts"] == sent
    memories = [r for r in lines if r["kind"] == "memory"]
    assert sorted(m["id"] for m in memories) == sorted(ids)
    assert all("embedding" not in m for m in memories)
    edges = [r for r in lines if r["kind"] == "edge"]
    assert {"CAUSED_BY"} <= {e["type"] for e in edges}

    with_vectors = records(get(secured, BOOTSTRAP, project=project, embeddings="true").text)
    assert all(len(r["embedding"]) == 384 for r in with_vectors if r["kind"] == "memory")

    graphml = get(secured, BOOTSTRAP, project=project, format="graphml")
    assert graphml.status_code == 200, graphml.text
    graph = nx.read_graphml(io.BytesIO(graphml.content))
    assert sorted(graph.nodes) == sorted(ids)
    assert graph.number_of_edges() == len(edges)
    assert graph.nodes[ids[2]]["content"] == "an unrelated note about lunch"


def test_export_takes_the_keys_graphql_takes(secured: ServiceProcess) -> None:
    mine, theirs = f"mine-{uuid.uuid4().hex[:8]}", f"theirs-{uuid.uuid4().hex[:8]}"
    nowhere = f"nowhere-{uuid.uuid4().hex[:8]}"
    store(secured, mine, "a note of mine")
    store(secured, theirs, "a note of theirs")

    assert get(secured, None, project=mine).status_code == 401
    writer = secured.create_key(["PROJECT_WRITE"], name="export")[1]
    assert get(secured, writer, project=mine).status_code == 403
    restricted = secured.create_key(["PROJECT_READ"], name="export", projects=[mine])[1]
    assert get(secured, restricted, project=mine).status_code == 200
    there = get(secured, restricted, project=theirs)
    absent = get(secured, BOOTSTRAP, project=nowhere)
    assert there.status_code == absent.status_code == 404
    assert there.json()["error"] == absent.json()["error"] == "NotFound"
    assert (
        get(secured, restricted, project=nowhere).json()
        == get(secured, BOOTSTRAP, project=nowhere).json()
    )
    assert theirs in there.json()["message"] and "does not exist" in there.json()["message"]
    bad = get(secured, BOOTSTRAP, project=mine, format="csv")
    assert bad.status_code == 400 and "format" in bad.json()["message"]


def test_the_cli_exports_beside_the_running_service(
    secured: ServiceProcess, tmp_path: Path
) -> None:
    project = f"cli-{uuid.uuid4().hex[:8]}"
    ids = fill(secured, project)
    target = tmp_path / "out.ndjson"
    done = secured.cli("export", "--project", project, "--output", str(target), "--embeddings")
    assert done.returncode == 0, done.stderr
    assert "exported" in done.stderr
    lines = records(target.read_text())
    assert lines[0]["mode"] == "export" and lines[0]["embeddings"] is True
    assert sorted(r["id"] for r in lines if r["kind"] == "memory") == sorted(ids)
    assert lines[-1]["counts"]["memory"] == 3

    graphml = secured.cli("export", "--project", project, "--format", "graphml")
    assert graphml.returncode == 0, graphml.stderr
    assert nx.read_graphml(io.StringIO(graphml.stdout)).number_of_nodes() == 3

    unknown = secured.cli("export", "--project", "never-written", "--output", str(target))
    assert unknown.returncode == 2 and "never-written" in unknown.stderr
    assert records(target.read_text())[-1]["kind"] == "end"  # the earlier file is untouched
