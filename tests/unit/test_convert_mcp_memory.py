"""The MCP memory server's graph file as history records (`converters.mcp_memory`): pure."""

from __future__ import annotations

import json

from service.usecases.converters import CONVERTERS
from service.usecases.converters.mcp_memory import convert
from service.usecases.ndjson import Rejection

GRAPH = [
    json.dumps({"type": "entity", "name": "Bo", "entityType": "dog", "observations": ["Barks"]}),
    "",
    json.dumps({"type": "relation", "from": "Bo", "to": "Ann", "relationType": "belongs_to"}),
    json.dumps({"type": "entity", "name": "Ann", "observations": ["Ann walks Bo daily", 7]}),
    json.dumps({"type": "note", "text": "?"}),
]


def test_each_record_names_its_source_line_and_ids_are_stable() -> None:
    conversion = convert(GRAPH)
    kinds = [
        (r["kind"], origin)
        for r, origin in zip(conversion.records, conversion.origins, strict=True)
    ]
    assert kinds == [
        ("header", 0),
        ("fact", 1),
        ("memory", 1),
        ("fact", 3),
        ("memory", 4),
    ]
    assert conversion.records[2]["content"] == "Bo: Barks"
    assert conversion.records[2]["id"] == "mcp-memory:Bo#0"
    assert conversion.records[4]["content"] == "Ann walks Bo daily"
    assert "entity_type" not in conversion.records[4]["metadata"]  # Ann has no type
    assert convert(GRAPH).records == conversion.records
    # The history file's line 4 (the relation's fact) came from the source's line 3.
    assert conversion.located(Rejection(4, "fact", "bad")) == Rejection(3, "fact", "bad")
    assert conversion.not_carried == [
        "line 4: Ann's observation 1 is not text",
        "line 5: neither an entity nor a relation (type 'note')",
    ]
    assert conversion.notes and "keeps none" in conversion.notes[0]


def test_an_empty_file_converts_to_a_header_and_no_notes() -> None:
    conversion = convert(["", "\n"])
    assert [r["kind"] for r in conversion.records] == ["header"]
    assert conversion.not_carried == [] and conversion.notes == []
    assert "mcp-memory" in CONVERTERS
