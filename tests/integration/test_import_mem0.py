"""`retentia import --from mem0`: what mem0's open-source `Memory` returns — written by the real
package (pinned in tests/peers/mem0/requirements.txt, in a virtual environment of its own) with
`infer=False`, a local Qdrant and a local embedder, so offline — imported into a real embedded
store and read back with `retentia export`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.integration.test_import_mcp_memory import exported, retentia

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mem0_dump(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The dump `tests/peers/mem0/write.py` makes with the real mem0: three memories of two
    users, one updated, and one deleted."""
    installed = subprocess.run(
        [str(REPO / "scripts" / "peer-packages"), "mem0"],
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    python = Path(installed.stdout.strip().splitlines()[-1]) / "venv" / "bin" / "python"
    out = tmp_path_factory.mktemp("mem0")
    subprocess.run(
        [str(python), str(REPO / "tests" / "peers" / "mem0" / "write.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return out / "mem0.json"


def test_mem0s_memories_come_in_with_their_times_history_and_users(
    mem0_dump: Path, tmp_path: Path
) -> None:
    dump = json.loads(mem0_dump.read_text())
    data = tmp_path / "data"
    done = retentia(data, "import", "--from", "mem0", str(mem0_dump), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["imported"] == {"memory": 4, "edge": 1}
    assert report["rejected"] == [] and report["not_carried"] == []
    assert any("1 memories deleted in mem0" in note for note in report["notes"])

    records = exported(data)
    memories = {r["content"]: r for r in records if r["kind"] == "memory"}
    # The deleted memory stays deleted; the updated one brings its earlier value.
    assert set(memories) == {
        "I live in Lisbon with my partner Sam",
        "I work as a nurse at Santa Maria hospital",
        "I work as a head nurse at Santa Maria hospital",
        "Prefers window seats on long flights",
    }
    source = {m["memory"]: m for m in dump["results"]}
    lisbon = memories["I live in Lisbon with my partner Sam"]
    assert lisbon["created_at"][:19] == source[lisbon["content"]]["created_at"][:19]
    assert lisbon["metadata"]["mem0_user_id"] == "dana"
    assert lisbon["metadata"]["mem0_topic"] == "home"
    assert memories["Prefers window seats on long flights"]["metadata"]["mem0_user_id"] == "lee"
    head = memories["I work as a head nurse at Santa Maria hospital"]
    nurse = memories["I work as a nurse at Santa Maria hospital"]
    assert head["created_at"][:19] == source[head["content"]]["updated_at"][:19]
    assert nurse["created_at"] < head["created_at"]
    assert nurse["metadata"]["mem0_superseded"] == "true"
    (edge,) = [r for r in records if r["kind"] == "edge" and r["type"] == "SUPERSEDES"]
    assert (edge["source"], edge["target"]) == (head["id"], nurse["id"])

    again = retentia(data, "import", "--from", "mem0", str(mem0_dump), "--json")
    second = json.loads(again.stdout.splitlines()[-1])
    assert second["imported"] == {} and second["skipped"]["memory"] == 4
