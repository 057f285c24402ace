"""The Letta, mem0 and Graphiti converters (`service.usecases.converters`), pure: what each
source item becomes, what is noted and what is not carried. The same sources through the real
import are tests/integration/test_import_{letta,mem0,graphiti}.py."""

from __future__ import annotations

import json
from pathlib import Path

from service.usecases.converters import graphiti, letta, mem0

AGENT_FILE = Path(__file__).resolve().parents[1] / "peers" / "letta" / "support-agent.af"


def kinds(records: list[dict[str, object]]) -> list[object]:
    return [r["kind"] for r in records]


def test_a_letta_agent_file_becomes_pinned_block_lines_messages_and_passages() -> None:
    conversion = letta.convert(AGENT_FILE.read_text().splitlines(keepends=True))
    memories = [r for r in conversion.records if r["kind"] == "memory"]
    assert len(memories) == 7
    assert sum(1 for m in memories if m.get("pinned")) == 4
    said = next(m for m in memories if str(m["content"]).startswith("Our staging"))
    assert said["created_at"] == "2025-05-01T09:01:00Z"
    assert said["session"] == "letta:support-agent"
    assert conversion.not_carried == ["block unattached: its value is not text"]
    assert any("2 system, tool or empty messages" in n for n in conversion.notes)
    assert letta.convert(['{"agents": 1}']).not_carried == [
        "the file is not an agent file (no `agents` list)"
    ]
    assert letta.convert(["not json"]).not_carried[0].startswith("the file is not JSON")


def test_mem0_history_becomes_earlier_values_superseded_and_deletions_noted() -> None:
    dump = {
        "results": [
            {
                "id": "m1",
                "memory": "I work as a head nurse",
                "hash": "h2",
                "metadata": {"topic": "work"},
                "created_at": "2025-01-01T00:00:00+00:00",
                "updated_at": "2025-02-01T00:00:00+00:00",
                "user_id": "dana",
                "run_id": "r1",
            },
            {"id": "m2", "memory": "Prefers window seats", "user_id": "lee"},
            {"id": "m3"},
        ],
        "history": {
            "m1": [
                {"event": "ADD", "new_memory": "I work as a nurse",
                 "created_at": "2025-01-01T00:00:00+00:00"},
                {"event": "UPDATE", "old_memory": "I work as a nurse",
                 "new_memory": "I work as a head nurse",
                 "updated_at": "2025-02-01T00:00:00+00:00"},
            ],
            "gone": [{"event": "ADD", "new_memory": "x"}, {"event": "DELETE"}],
        },
    }  # fmt: skip
    conversion = mem0.convert([json.dumps(dump)])
    assert kinds(conversion.records) == ["header", "memory", "memory", "edge", "memory"]
    earlier, current, edge = conversion.records[1:4]
    assert earlier["content"] == "I work as a nurse"
    assert earlier["metadata"]["mem0_superseded"] == "true"  # type: ignore[index]
    assert "mem0_hash" not in earlier["metadata"]  # type: ignore[operator]
    assert current["created_at"] == "2025-02-01T00:00:00+00:00"
    assert current["session"] == "mem0:r1"
    assert (edge["source"], edge["target"], edge["type"]) == ("m1", "m1@0", "SUPERSEDES")
    assert conversion.not_carried == ["memory 3: no `memory` text"]
    assert any("1 memories deleted in mem0" in n for n in conversion.notes)
    assert any("2 mem0 users" in n for n in conversion.notes)
    bare = mem0.convert([json.dumps([{"id": "a", "memory": "Likes tea"}])])
    assert kinds(bare.records) == ["header", "memory"]
    assert mem0.convert(['{"x": 1}']).not_carried == [
        "the file holds no `results` list of mem0 memories"
    ]


def test_a_graphiti_graph_becomes_episodes_and_facts_with_validity() -> None:
    graph = {
        "episodes": [
            {"uuid": "e1", "name": "standup", "group_id": "team", "content": "Alice joined Acme",
             "source": "message", "valid_at": "2024-03-01T09:00:00+00:00"},
            {"uuid": "e2", "content": ""},
            "junk",
        ],
        "entities": [
            {"uuid": "n1", "name": "Alice", "labels": ["Entity", "Person"],
             "summary": "A data engineer.", "created_at": "2024-03-01T09:00:00+00:00"},
            {"uuid": "n2", "name": "Acme", "labels": ["Entity"], "summary": ""},
            {"uuid": "n3"},
        ],
        "relations": [
            {"uuid": "r1", "name": "WORKS_AT", "source": "Alice", "target": "Acme",
             "valid_at": "2024-03-01T09:00:00+00:00", "invalid_at": "2025-01-15T09:00:00+00:00",
             "expired_at": "2025-01-15T09:00:00+00:00", "episodes": ["e1", "elsewhere"]},
            {"uuid": "r2", "name": "", "source": "Alice", "target": "Acme"},
        ],
        "mentions": [{"episode": "e1", "entity": "Alice"}, {"episode": "e1", "entity": "Acme"}],
    }  # fmt: skip
    conversion = graphiti.convert([json.dumps(graph)])
    records = conversion.records
    episode = records[1]
    assert episode["entities"] == ["Acme", "Alice"]
    assert episode["created_at"] == "2024-03-01T09:00:00+00:00"
    assert episode["session"] == "graphiti:team"
    facts = [r for r in records if r["kind"] == "fact"]
    assert ("Alice", "entity_type", "Person") in {
        (f["subject"], f["predicate"], f["object"]) for f in facts
    }
    works = next(f for f in facts if f["predicate"] == "WORKS_AT")
    assert works["valid_to"] == "2025-01-15T09:00:00+00:00"
    assert works["source"] == "graphiti:episode:e1"
    summary = next(r for r in records if r.get("id") == "graphiti:entity:n1")
    assert summary["content"] == "Alice: A data engineer."
    assert conversion.not_carried == [
        "episode e2: no content",
        "an episode without a uuid",
        "an entity without a name",
        "an entity edge without source, name or target",
    ]
    assert any("1 edges Graphiti expired" in n for n in conversion.notes)
    assert graphiti.convert(['{"x": 1}']).not_carried == [
        "not a Graphiti graph (no `episodes` list)"
    ]
