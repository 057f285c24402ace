"""The NDJSON reader shared by import, restore and export (docs/ndjson-format.md)."""

from __future__ import annotations

import pytest

from schema.errors import InvalidInput
from service.usecases.ndjson import Header, ImportReport, Mode, decode, encode, lines, read_header


def test_a_header_round_trips_and_names_its_mode() -> None:
    header = Header(mode=Mode.EXPORT, counts={"memory": 2})
    line = decode(1, encode(header))
    read, was_header = read_header(line)
    assert was_header and read == header


def test_a_file_without_a_header_is_history() -> None:
    first = decode(1, '{"kind": "memory", "id": "a", "content": "x"}')
    assert read_header(first) == (Header(), False)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"id": "a"}', "needs a string 'kind'"),
        ('{"kind": "memory", "n": ' + "9" * 5000 + "}", "integer of more than 4300 digits"),
        ('{"kind": "memory", "x": ' + "[" * 20_000 + "]" * 20_000 + "}", "nests JSON too deeply"),
    ],
    ids=["not-json", "not-object", "no-kind", "huge-integer", "deep"],
)
def test_a_bad_line_is_named(text: str, problem: str) -> None:
    with pytest.raises(InvalidInput, match=problem) as caught:
        decode(7, text)
    assert caught.value.field == "line 7"


def test_an_unknown_version_or_field_in_the_header_is_refused() -> None:
    with pytest.raises(InvalidInput, match="version 2 is not supported"):
        read_header(decode(1, '{"kind": "header", "format": "retentia-ndjson", "version": 2}'))
    with pytest.raises(InvalidInput, match="colour"):
        read_header(decode(1, '{"kind": "header", "colour": "red"}'))


def test_blank_lines_are_skipped_and_numbers_kept() -> None:
    read = list(lines(['{"kind": "a"}\n', "\n", '{"kind": "b"}\n']))
    assert [(line.number, line.kind) for line in read] == [(1, "a"), (3, "b")]


def test_the_report_keeps_every_rejection() -> None:
    report = ImportReport(Mode.HISTORY)
    report.imported["memory"] += 2
    report.reject(decode(4, '{"kind": "edge"}'), "source: unknown memory 'x'")
    assert report.as_dict() == {
        "mode": "history",
        "imported": {"memory": 2},
        "skipped": {},
        "rejected": [{"line": 4, "kind": "edge", "reason": "source: unknown memory 'x'"}],
    }
