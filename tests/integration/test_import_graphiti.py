"""`retentia import --from graphiti`: a graph Graphiti wrote with its own node and edge writes
(graphiti-core pinned in tests/peers/graphiti/requirements.txt, in a virtual environment of its
own; no LLM or embedder service: tests/peers/graphiti/write.py builds what an ingestion would
extract) into a FalkorDB server this test starts, read out of that server and imported into a
real embedded store, then read back with `retentia export`."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.falkordb_server import start, stop
from tests.integration.test_import_mcp_memory import exported, retentia

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graphiti_python() -> Path:
    installed = subprocess.run(
        [str(REPO / "scripts" / "peer-packages"), "graphiti"],
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    return Path(installed.stdout.strip().splitlines()[-1]) / "venv" / "bin" / "python"


def graphiti_writes(python: Path, url: str, graph: str) -> None:
    wrote = subprocess.run(
        [str(python), str(REPO / "tests/peers/graphiti/write.py"), url, graph],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert wrote.returncode == 0, wrote.stderr


@pytest.fixture(scope="module", params=["falkordb", "neo4j"])
def graphiti_url(
    request: pytest.FixtureRequest, graphiti_python: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The URL of a FalkorDB server's graph, or of a Neo4j database, holding what Graphiti
    wrote (the Neo4j is the suite's own, from Maven Central)."""
    if request.param == "neo4j":
        bolt: str = request.getfixturevalue("neo4j_url")
        graphiti_writes(graphiti_python, bolt, "neo4j")
        yield f"{bolt}/neo4j"
        return
    process, url = start(tmp_path_factory.mktemp("graphiti-falkordb"))
    try:
        graphiti_writes(graphiti_python, url, "kg")
        yield f"{url}/kg"
    finally:
        stop(process)


def test_episodes_and_edges_come_in_with_graphitis_validity(
    graphiti_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    done = retentia(data, "import", "--from", "graphiti", graphiti_url, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    # 2 episodes + Alice's summary; 3 entity types + 2 entity edges.
    assert report["imported"] == {"memory": 3, "fact": 5}
    assert report["rejected"] == [] and report["not_carried"] == []
    assert any("1 edges Graphiti expired" in note for note in report["notes"])

    records = exported(data)
    memories = {r["content"]: r for r in records if r["kind"] == "memory"}
    joined = memories["Alice joined Acme as a data engineer."]
    assert joined["created_at"].startswith("2024-03-01T09:00:00")
    assert joined["entities"] == ["Acme", "Alice"]
    assert joined["source_session"] == "graphiti:team"
    moved = memories["Alice left Acme and now works at Globex."]
    assert moved["created_at"].startswith("2025-01-15T09:00:00")
    assert moved["entities"] == ["Acme", "Alice", "Globex"]
    assert "Alice is a data engineer." in memories

    facts = {(f["subject"], f["predicate"], f["object"]): f for f in records if f["kind"] == "fact"}
    assert set(facts) == {
        ("Alice", "entity_type", "Person"),
        ("Acme", "entity_type", "Organization"),
        ("Globex", "entity_type", "Organization"),
        ("Alice", "WORKS_AT", "Acme"),
        ("Alice", "WORKS_AT", "Globex"),
    }
    acme = facts[("Alice", "WORKS_AT", "Acme")]
    assert acme["valid_from"].startswith("2024-03-01T09:00:00")
    assert acme["valid_to"].startswith("2025-01-15T09:00:00")
    assert acme["source"] == joined["id"]
    globex = facts[("Alice", "WORKS_AT", "Globex")]
    assert globex["valid_from"].startswith("2025-01-15T09:00:00")
    assert globex["valid_to"] is None

    again = retentia(data, "import", "--from", "graphiti", graphiti_url, "--json")
    second = json.loads(again.stdout.splitlines()[-1])
    assert second["imported"] == {}
    assert second["skipped"] == {"memory": 3, "fact": 5}


def test_a_graph_that_is_not_there_is_a_clear_error(graphiti_url: str, tmp_path: Path) -> None:
    missing = graphiti_url.rsplit("/", 1)[0] + "/nosuchgraph"
    done = retentia(tmp_path / "data", "import", "--from", "graphiti", missing)
    assert done.returncode == 2
    assert "nosuchgraph" in done.stderr
