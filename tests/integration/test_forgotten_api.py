"""Forgetting that can be undone, from the outside (issue 49): over real HTTP a memory a pass
forgets answers `NotFound` saying it was forgotten and how to bring it back, is listed by
`forgottenMemories` and `retentia forgotten list`, and comes back with `restoreForgotten` (by
id) or `retentia forgotten restore --pass` (the whole pass); `/metrics` counts both ways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.integration.service_process import ServiceProcess

#: Every condition of forgetting met at once by a memory stored a moment ago.
FORGET_AT_ONCE = {
    "RETENTIA_ENGINE__MIN_AGE_DAYS": "0",
    "RETENTIA_ENGINE__TAGGED_TIMEOUT_HOURS": "0",
    "RETENTIA_ENGINE__FORGET_THRESHOLD": "1",
    "RETENTIA_ENGINE__AUTO_LINK_MAX_PER_STORE": "0",
}
KEPT = """{ forgottenMemories(first: 10) { __typename
  ... on ForgottenMemoryConnection { nodes { id forgottenAt purgeAfter reason
                                             memory { content status } }
                                     pageInfo { hasNextPage } } } }"""


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    process = ServiceProcess(tmp_path_factory.mktemp("forgotten"), FORGET_AT_ONCE)
    with process.running():
        yield process


def store(service: ServiceProcess, content: str) -> str:
    body = service.graphql(
        "mutation($c: String!) { storeMemory(input: {content: $c}) "
        "{ ... on StoreSuccess { memory { id } } } }",
        {"c": content},
    )
    return str(body["data"]["storeMemory"]["memory"]["id"])


def maintain(service: ServiceProcess) -> dict[str, object]:
    body = service.graphql(
        "mutation { runMaintenance { ... on MaintenanceReport { now forgotten purged } } }"
    )
    report: dict[str, object] = body["data"]["runMaintenance"]
    return report


def metric(service: ServiceProcess, name: str) -> float:
    text = httpx.get(f"{service.url}/metrics", timeout=30).text
    (line,) = [x for x in text.splitlines() if x.startswith(f"{name} ")]
    return float(line.split()[1])


def test_a_forgotten_memory_is_listed_explained_and_restored(
    service: ServiceProcess, tmp_path: Path
) -> None:
    aside = store(service, "an aside about the allotment")
    forgotten_before = metric(service, "retentia_memories_forgotten_total")
    report = maintain(service)
    assert report["forgotten"] == [aside]
    assert metric(service, "retentia_memories_forgotten_total") == forgotten_before + 1

    missing = service.graphql(
        "query($id: ID!) { explain(id: $id) { __typename ... on NotFound { kind message } } }",
        {"id": aside},
    )["data"]["explain"]
    assert missing["__typename"] == "NotFound" and missing["kind"] == "memory"
    assert "forgotten by the maintenance pass" in missing["message"]
    assert "restoreForgotten" in missing["message"]

    kept = service.graphql(KEPT)["data"]["forgottenMemories"]
    assert [n["id"] for n in kept["nodes"]] == [aside]
    node = kept["nodes"][0]
    assert node["memory"]["content"] == "an aside about the allotment"
    assert node["memory"]["status"] == "DORMANT" and "δ = 0" in node["reason"]
    assert node["purgeAfter"] > node["forgottenAt"]
    listed = service.cli("forgotten", "list")
    assert listed.returncode == 0, listed.stderr
    assert aside in listed.stdout and "1 forgotten memories" in listed.stderr

    restored_before = metric(service, "retentia_memories_restored_total")
    back = service.graphql(
        "mutation($id: ID!) { restoreForgotten(ids: [$id]) { __typename "
        "... on Restoration { restored notFound } } }",
        {"id": aside},
    )["data"]["restoreForgotten"]
    assert back == {"__typename": "Restoration", "restored": [aside], "notFound": []}
    assert metric(service, "retentia_memories_restored_total") == restored_before + 1
    memory = service.graphql(
        "query($id: ID!) { memory(id: $id) { __typename ... on Memory { content receivedAt } } }",
        {"id": aside},
    )["data"]["memory"]
    assert memory["content"] == "an aside about the allotment" and memory["receivedAt"]
    assert service.graphql(KEPT)["data"]["forgottenMemories"]["nodes"] == []


def test_a_whole_pass_comes_back_from_the_command_line(service: ServiceProcess) -> None:
    ids = {store(service, f"turn {i} about plot {i}") for i in range(3)}
    report = maintain(service)
    assert set(report["forgotten"]) >= ids  # type: ignore[arg-type]
    done = service.cli("forgotten", "restore", "--pass", str(report["now"]))
    assert done.returncode == 0, done.stderr
    assert f"restored {len(report['forgotten'])} memories" in done.stdout  # type: ignore[arg-type]
    for memory_id in ids:
        found = service.graphql(
            "query($id: ID!) { memory(id: $id) { __typename } }", {"id": memory_id}
        )["data"]["memory"]
        assert found["__typename"] == "Memory"
    again = service.cli("forgotten", "restore", next(iter(ids)))
    assert again.returncode == 1 and "not among the forgotten memories" in again.stderr
    nowhere = service.cli("forgotten", "list", "--project", "nowhere")
    assert nowhere.returncode == 2 and "does not exist" in nowhere.stderr
