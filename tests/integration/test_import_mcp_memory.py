"""`retentia import --from mcp-memory`: the knowledge-graph file that the MCP reference memory
server (`@modelcontextprotocol/server-memory`, run by Node through the MCP SDK's stdio client,
its version pinned in tests/peers/mcp-memory) writes from its own tool calls, imported into a
real embedded store and read back with `retentia export`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp.client.stdio import StdioServerParameters

from tests.integration.mcp_client import stdio_session

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def memory_server() -> Path:
    """The installed server's entry point (`scripts/peer-packages mcp-memory`)."""
    done = subprocess.run(
        [str(REPO / "scripts" / "peer-packages"), "mcp-memory"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    root = Path(done.stdout.strip().splitlines()[-1])
    return root / "node_modules" / "@modelcontextprotocol" / "server-memory" / "dist" / "index.js"


async def written_by_the_server(server: Path, tmp_path: Path) -> Path:
    """The file the real server writes for two entities, a relation and a later observation."""
    graph = tmp_path / "memory.jsonl"
    params = StdioServerParameters(
        command="node", args=[str(server)], env={**os.environ, "MEMORY_FILE_PATH": str(graph)}
    )
    async with stdio_session(params, tmp_path / "server.log") as session:
        await session.call_tool(
            "create_entities",
            {
                "entities": [
                    {
                        "name": "Alice",
                        "entityType": "person",
                        "observations": ["Speaks fluent Spanish", "Alice moved to Lisbon in 2023"],
                    },
                    {"name": "Acme", "entityType": "organization", "observations": []},
                ]
            },
        )
        await session.call_tool(
            "create_relations",
            {"relations": [{"from": "Alice", "to": "Acme", "relationType": "works_at"}]},
        )
        await session.call_tool(
            "add_observations",
            {"observations": [{"entityName": "Acme", "contents": ["Acme builds rockets"]}]},
        )
        graph_read = await session.call_tool("read_graph", {})
        assert "works_at" in str(graph_read.content)
    assert graph.is_file()
    return graph


def retentia(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "RETENTIA_BACKEND"}
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args, "--data-dir", str(data_dir)],
        env={**env, "HF_HUB_OFFLINE": "1"},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def exported(data_dir: Path) -> list[dict[str, Any]]:
    done = retentia(data_dir, "export")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


async def test_the_servers_graph_comes_in_as_memories_and_facts(
    memory_server: Path, tmp_path: Path
) -> None:
    graph = await written_by_the_server(memory_server, tmp_path)
    data = tmp_path / "data"
    done = retentia(data, "import", "--from", "mcp-memory", str(graph), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["imported"] == {"memory": 3, "fact": 3}
    assert report["rejected"] == [] and report["not_carried"] == []
    assert any("keeps none" in note for note in report["notes"])

    records = exported(data)
    memories = {r["content"]: r for r in records if r["kind"] == "memory"}
    # An observation that does not name its entity is prefixed with it.
    assert set(memories) == {
        "Alice: Speaks fluent Spanish",
        "Alice moved to Lisbon in 2023",
        "Acme builds rockets",
    }
    assert memories["Acme builds rockets"]["entities"] == ["Acme"]
    assert memories["Alice moved to Lisbon in 2023"]["metadata"]["entity_type"] == "person"
    facts = {(f["subject"], f["predicate"], f["object"]) for f in records if f["kind"] == "fact"}
    assert facts == {
        ("Alice", "entity_type", "person"),
        ("Acme", "entity_type", "organization"),
        ("Alice", "works_at", "Acme"),
    }

    again = retentia(data, "import", "--from", "mcp-memory", str(graph), "--json")
    assert again.returncode == 0, again.stderr
    second = json.loads(again.stdout.splitlines()[-1])
    assert second["imported"] == {} and second["skipped"] == {"memory": 3, "fact": 3}
    assert len([r for r in exported(data) if r["kind"] == "memory"]) == 3


async def test_what_cannot_be_carried_is_named_by_its_line(
    memory_server: Path, tmp_path: Path
) -> None:
    graph = await written_by_the_server(memory_server, tmp_path)
    with graph.open("a") as f:
        f.write('\n{"type": "entity", "entityType": "person", "observations": ["no name"]}\n')
        f.write("not json at all\n")
    lines = len(graph.read_text().splitlines())
    data = tmp_path / "data"
    done = retentia(data, "import", "--from", "mcp-memory", str(graph))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "imported: 3 fact, 3 memory" in done.stdout
    assert "not carried from the source: 2" in done.stdout
    assert f"line {lines - 1}: an entity without a name" in done.stdout
    assert f"line {lines}: not JSON" in done.stdout
    assert len([r for r in exported(data) if r["kind"] == "memory"]) == 3
