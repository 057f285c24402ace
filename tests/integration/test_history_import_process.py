"""History import as a user runs it. `retentia import` of a few hundred records killed with
SIGKILL part-way, then run again, ends with every item stored exactly once and a report whose
imported + skipped is the file's count per kind, the bad record rejected (exit status 1; a
missing file is exit status 2), a line no JSON reader takes (nested too deeply, an integer too
long) rejected alone without a traceback; and `importRecords` over a real uvicorn imports a
history text with its own time, answers a re-send with everything skipped, refuses a key
without project:write, an export file and a text over the record limit naming it (exactly
MAX_IMPORT_RECORDS records are taken, header or not), and rejects an unreadable line alone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from schema import Tenant
from service.api.limits import MAX_IMPORT_RECORDS
from service.usecases.history_import import memory_id_for
from tests.integration.service_process import ServiceProcess, assert_only_denial_errors

T0 = datetime(2025, 3, 1, tzinfo=UTC)
MEMORIES, EVERY_EDGE, EVERY_FACT = 300, 3, 5


def history(path: Path) -> dict[str, int]:
    """A few hundred records: memories an hour apart in sessions of 20, an edge every third
    memory (each tenth one naming a memory later in the file), a fact every fifth. Returns the
    records per kind."""
    lines = [json.dumps({"kind": "header", "format": "retentia-ndjson", "version": 1})]
    counts = {"memory": 0, "edge": 0, "fact": 0}
    for i in range(MEMORIES):
        lines.append(
            json.dumps(
                {
                    "kind": "memory",
                    "id": f"note-{i}",
                    "content": f"note {i}: the team discussed topic {i % 17} and settled item {i}",
                    "created_at": (T0 + timedelta(hours=i)).isoformat(),
                    "session": f"week-{i // 20}",
                    "entities": [f"Topic {i % 17}"],
                }
            )
        )
        counts["memory"] += 1
        if i % EVERY_EDGE == 2:
            target = f"note-{i + 1}" if i % 10 == 2 and i + 1 < MEMORIES else f"note-{i - 1}"
            lines.append(
                json.dumps(
                    {"kind": "edge", "source": f"note-{i}", "target": target, "type": "SUPPORTS"}
                )
            )
            counts["edge"] += 1
        if i % EVERY_FACT == 4:
            lines.append(
                json.dumps(
                    {
                        "kind": "fact",
                        "subject": f"Item {i}",
                        "predicate": "settled in",
                        "object": f"Week {i // 20}",
                        "source": f"note-{i}",
                    }
                )
            )
            counts["fact"] += 1
    # One bad record: a creation instant without a time zone.
    lines.append(
        json.dumps(
            {
                "kind": "memory",
                "id": "naive",
                "content": "when?",
                "created_at": "2025-03-01T09:00:00",
            }
        )
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return counts


def _environment(data_dir: Path) -> dict[str, str]:
    inherited = {k: v for k, v in os.environ.items() if k != "RETENTIA_BACKEND"}
    return {**inherited, "RETENTIA_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1"}


def _import(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "service.cli", "import", *args],
        env=_environment(data_dir),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


STATS = "{ stats { ... on Stats { memories edges { type count } } } }"
FACTS = "{ facts(first: 1000) { ... on FactList { nodes { id subject sourceId } } } }"


def test_an_import_killed_half_way_then_run_again_stores_every_item_once(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    path = tmp_path / "history.ndjson"
    counts = history(path)
    total = sum(counts.values()) + 1  # and the bad record

    done = 0
    with _import(data_dir, str(path), "--batch", "10") as killed:
        assert killed.stderr is not None
        for line in killed.stderr:  # "imported N/TOTAL records", a line per batch (not a tty)
            if line.startswith("imported ") and "/" in line:
                done = int(line.split()[1].split("/")[0])
                assert line.split()[1].split("/")[1] == str(total)
                if done >= total // 3:
                    killed.send_signal(signal.SIGKILL)
                    break
        assert killed.wait(timeout=120) == -signal.SIGKILL
    assert 0 < done < total

    again = _import(data_dir, str(path), "--batch", "25", "--json")
    out, err = again.communicate(timeout=600)
    assert again.returncode == 1, err  # some records were rejected: the bad one
    report = json.loads(out)
    assert [(r["line"], r["kind"]) for r in report["rejected"]] == [(total + 1, "memory")]
    assert "time zone" in report["rejected"][0]["reason"]
    for kind, n in counts.items():
        assert report["imported"].get(kind, 0) + report["skipped"].get(kind, 0) == n, kind
    assert report["skipped"]["memory"] > 0 and report["imported"]["memory"] > 0

    missing = subprocess.run(
        [sys.executable, "-m", "service.cli", "import", str(tmp_path / "nowhere.ndjson")],
        env=_environment(data_dir),
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2 and "nowhere.ndjson" in missing.stderr

    service = ServiceProcess(data_dir)
    with service.running():
        stats = service.graphql(STATS)["data"]["stats"]
        assert stats["memories"] == counts["memory"]
        edges = {e["type"]: e["count"] for e in stats["edges"]}
        assert edges["SUPPORTS"] == counts["edge"]
        # One session chain per week of 20 turns, each link once.
        assert edges["TEMPORAL_SEQUENCE"] == MEMORIES - MEMORIES // 20
        facts = service.graphql(FACTS)["data"]["facts"]["nodes"]
        assert len(facts) == counts["fact"]
        assert len({f["subject"] for f in facts}) == counts["fact"]
        assert all(f["sourceId"] for f in facts)


#: Lines no JSON reader takes (a line of 20,000 nested lists, an integer of 5,000 digits).
DEEP = '{"kind": "memory", "id": "deep", "content": ' + "[" * 20_000 + "]" * 20_000 + "}"
HUGE = '{"kind": "memory", "id": "huge", "content": "x", "n": ' + "9" * 5000 + "}"


def test_an_import_of_unreadable_lines_rejects_them_alone_without_a_traceback(
    tmp_path: Path,
) -> None:
    """A line nested too deeply, one with an absurd integer and one that is not JSON are each
    rejected naming its line; the good records are imported and the exit status is 1."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    path = tmp_path / "history.ndjson"
    good = {"kind": "memory", "content": "the fence was painted green"}
    path.write_text(
        "\n".join(
            [
                json.dumps({**good, "id": "g1"}),
                DEEP,
                HUGE,
                "{not json",
                json.dumps({**good, "id": "g2", "content": "the gate was oiled"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    done = _import(data_dir, str(path), "--json")
    out, err = done.communicate(timeout=300)
    assert done.returncode == 1, err
    assert "Traceback" not in err
    report = json.loads(out)
    assert report["imported"] == {"memory": 2}
    rejected = {r["line"]: r["reason"] for r in report["rejected"]}
    assert rejected.keys() == {2, 3, 4}
    assert "nests JSON too deeply" in rejected[2]
    assert "integer of more than 4300 digits" in rejected[3]
    assert "not JSON" in rejected[4]


# -- importRecords over HTTP -------------------------------------------------------------------

BOOTSTRAP = "import-bootstrap-0123456789abcdef0123456789"
DENIED = "... on Forbidden { message permission } ... on Unauthenticated { message }"
IMPORT = (
    "mutation($text: String!) { r: importRecords(ndjson: $text) { __typename "
    "... on ImportReport { mode imported { kind count } skipped { kind count } "
    "rejected { line kind reason } } ... on InvalidInput { field message } "
    f"{DENIED} }} }}"
)
READ = "query($id: ID!) { r: memory(id: $id) { ... on Memory { createdAt sourceSession } } }"
SMALL: list[dict[str, Any]] = [
    {"kind": "header", "format": "retentia-ndjson", "version": 1, "mode": "history"},
    {
        "kind": "memory",
        "id": "a",
        "content": "The boiler was serviced by Hanna",
        "created_at": "2025-01-10T09:00:00+00:00",
        "session": "house",
    },
    {"kind": "edge", "source": "b", "target": "a", "type": "SUPPORTS"},
    {
        "kind": "memory",
        "id": "b",
        "content": "Hanna left the invoice on the shelf",
        "created_at": "2025-01-10T09:05:00+00:00",
        "session": "house",
    },
    {
        "kind": "fact",
        "subject": "Hanna",
        "predicate": "serviced",
        "object": "Boiler",
        "source": "a",
    },
    {"kind": "core_preferences", "auto": ["preferences_habits"]},
    {"kind": "edge", "source": "a", "target": "zzz", "type": "SUPPORTS"},
]


def text(records: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(r) for r in records)


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("import-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def ask(api: ServiceProcess, records: str, key: str | None = None, project: str = "imp") -> Any:
    body = api.graphql(IMPORT, {"text": records}, {"X-Retentia-Project": project}, key=key)
    result = body["data"]["r"]
    assert_only_denial_errors(body, result)
    return result


def counts(items: list[dict[str, Any]]) -> dict[str, int]:
    return {i["kind"]: i["count"] for i in items}


def test_import_records_imports_a_history_text_and_a_resend_skips_it(
    secured: ServiceProcess,
) -> None:
    first = ask(secured, text(SMALL))
    assert first["__typename"] == "ImportReport"
    assert counts(first["imported"]) == {
        "memory": 2,
        "edge": 1,
        "fact": 1,
        "core_preferences": 1,
    }
    assert [(r["line"], r["kind"]) for r in first["rejected"]] == [(7, "edge")]
    assert "zzz" in first["rejected"][0]["reason"]

    again = ask(secured, text(SMALL))
    assert again["imported"] == []
    assert counts(again["skipped"]) == counts(first["imported"])

    memory_id = memory_id_for(Tenant(org="default", project="imp"), "a")
    body = secured.graphql(READ, {"id": memory_id}, {"X-Retentia-Project": "imp"})
    memory = body["data"]["r"]
    assert memory["sourceSession"] == "house"
    assert datetime.fromisoformat(memory["createdAt"]) == datetime(2025, 1, 10, 9, tzinfo=UTC)


def test_import_records_is_refused_without_write_and_settings_need_configuration(
    secured: ServiceProcess,
) -> None:
    _, reader = secured.create_key(["PROJECT_READ"], name="reader")
    refused = ask(secured, text(SMALL), key=reader, project="imp-reader")
    assert refused["__typename"] == "Forbidden" and refused["permission"] == "PROJECT_WRITE"

    _, writer = secured.create_key(["PROJECT_READ", "PROJECT_WRITE"], name="writer")
    report = ask(secured, text(SMALL), key=writer, project="imp-writer")
    assert counts(report["imported"]) == {"memory": 2, "edge": 1, "fact": 1}
    reasons = {r["kind"]: r["reason"] for r in report["rejected"]}
    assert "configuration:write" in reasons["core_preferences"]


def test_import_records_refuses_an_export_and_a_text_over_the_limit(
    secured: ServiceProcess,
) -> None:
    export = ask(
        secured,
        text([{"kind": "header", "format": "retentia-ndjson", "version": 1, "mode": "export"}]),
    )
    assert export["__typename"] == "InvalidInput" and export["field"] == "ndjson"

    many = "\n".join(
        json.dumps({"kind": "fact", "subject": f"S{i}", "predicate": "p", "object": "o"})
        for i in range(MAX_IMPORT_RECORDS + 2)
    )
    over = ask(secured, many)
    assert over["__typename"] == "InvalidInput" and over["field"] == "ndjson"
    assert str(MAX_IMPORT_RECORDS) in over["message"] and "MAX_IMPORT_RECORDS" in over["message"]


def test_import_records_rejects_an_unreadable_line_alone(secured: ServiceProcess) -> None:
    """A line nested 20,000 deep and one holding a 5,000-digit integer are rejected in the
    report with their lines; the request succeeds and the other records are imported."""
    records = [
        json.dumps({"kind": "memory", "id": "fine-1", "content": "The shed roof leaks"}),
        DEEP,
        HUGE,
        json.dumps({"kind": "memory", "id": "fine-2", "content": "The shed roof was fixed"}),
    ]
    report = ask(secured, "\n".join(records), project="imp-unreadable")
    assert report["__typename"] == "ImportReport", report
    assert counts(report["imported"]) == {"memory": 2}
    rejected = {r["line"]: (r["kind"], r["reason"]) for r in report["rejected"]}
    assert rejected.keys() == {2, 3}
    assert rejected[2][0] == "line" and "nests JSON too deeply" in rejected[2][1]
    assert rejected[3][0] == "line" and "4300 digits" in rejected[3][1]


def test_import_records_takes_exactly_the_record_limit_header_or_not(
    secured: ServiceProcess,
) -> None:
    """MAX_IMPORT_RECORDS records are taken with a header or without one (a header is not a
    record); one more is refused naming the limit, before anything is written. The records
    are of an unknown kind: each is rejected in the report, cheaply."""
    header = json.dumps({"kind": "header", "format": "retentia-ndjson", "version": 1})

    def records(n: int) -> list[str]:
        return [json.dumps({"kind": "note", "i": i}) for i in range(n)]

    for lines in (records(MAX_IMPORT_RECORDS), [header, *records(MAX_IMPORT_RECORDS)]):
        taken = ask(secured, "\n".join(lines), project="imp-limit")
        assert taken["__typename"] == "ImportReport", taken
        assert len(taken["rejected"]) == MAX_IMPORT_RECORDS
    for lines in (records(MAX_IMPORT_RECORDS + 1), [header, *records(MAX_IMPORT_RECORDS + 1)]):
        over = ask(secured, "\n".join(lines), project="imp-limit")
        assert over["__typename"] == "InvalidInput" and over["field"] == "ndjson", over
        assert (
            f"{MAX_IMPORT_RECORDS + 1} records; the limit is {MAX_IMPORT_RECORDS}"
            in over["message"]
        )
