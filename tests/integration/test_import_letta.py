"""`retentia import --from letta`: a Letta agent file (`.af`) imported into a real embedded
store and read back with `retentia export`.

The file is a fixture in Letta's documented `AgentFileSchema` shape (letta/schemas/agent_file.py:
`agents` with `block_ids` and `messages`, top-level `blocks`, `tools`, …), not one a Letta server
wrote here: exporting an agent needs a running Letta server with its database and a configured
model provider, which this offline machine cannot reach. It adds `passages` on the agent, as
exports that carry archival memory do."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.test_import_mcp_memory import exported, retentia

AGENT_FILE = Path(__file__).resolve().parents[1] / "peers" / "letta" / "support-agent.af"


def test_blocks_messages_and_passages_come_in_with_their_times(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = retentia(data, "import", "--from", "letta", str(AGENT_FILE), "--json")
    # The unattached block's value is not text: named, the rest imported.
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["imported"] == {"memory": 7}
    assert report["rejected"] == []
    assert report["not_carried"] == ["block unattached: its value is not text"]
    assert any("2 system, tool or empty messages" in n for n in report["notes"])
    assert any(n.startswith("tools:") for n in report["notes"])

    memories = {r["content"]: r for r in exported(data) if r["kind"] == "memory"}
    assert set(memories) == {
        "Name: Dana.",
        "Dana is the platform team's on-call lead.",
        "Prefers answers as bullet lists.",
        "I am a terse, precise support agent.",
        "Our staging cluster moved to arm64 nodes last week.",
        "Noted: staging now runs on arm64.",
        "The incident on 12 April was caused by an expired TLS certificate.",
    }
    lead = memories["Dana is the platform team's on-call lead."]
    assert lead["pinned"] is True and lead["metadata"]["letta_block"] == "human"
    said = memories["Our staging cluster moved to arm64 nodes last week."]
    assert said["created_at"].startswith("2025-05-01T09:01:00")
    assert said["source_session"] == "letta:support-agent"
    passage = memories["The incident on 12 April was caused by an expired TLS certificate."]
    assert passage["created_at"].startswith("2025-04-13T10:00:00")

    again = retentia(data, "import", "--from", "letta", str(AGENT_FILE), "--json")
    assert json.loads(again.stdout.splitlines()[-1])["skipped"] == {"memory": 7}


def test_a_file_that_is_not_an_agent_file_imports_nothing(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.af"
    bogus.write_text('{"agent": "not the schema"}')
    done = retentia(tmp_path / "data", "import", "--from", "letta", str(bogus))
    assert done.returncode == 1
    assert "the file is not an agent file (no `agents` list)" in done.stdout
    assert "imported: nothing" in done.stdout
