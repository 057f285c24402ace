"""`retentia import`'s pieces that need no storage: the progress on stderr (a line per batch
when not a terminal, a bar redrawn in place on one, counting to the file's records), the human
report, and the usage and file errors that exit 2 before anything is opened — a file whose
first line cannot be read (not JSON, nested too deeply, an integer too long) among them, named
by its line and without a traceback."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

from service.cli import main
from service.commands.importing import _human, _Progress, _records_in
from service.usecases.ndjson import ImportReport, Mode, Rejection


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_line_per_batch_when_not_a_terminal() -> None:
    out = io.StringIO()
    progress = _Progress(out, 25, every=10)
    for done in (3, 10, 11, 20, 25):
        progress(done)
    progress.close()
    assert out.getvalue().splitlines() == [
        "imported 10/25 records",
        "imported 20/25 records",
    ]


def test_progress_is_a_bar_on_a_terminal_and_counts_without_a_total() -> None:
    out = _Terminal()
    progress = _Progress(out, 4, every=1)
    progress(2)
    progress.close()
    assert out.getvalue() == f"\rimporting [{'#' * 15}{'.' * 15}] 2/4 records\n"
    plain = io.StringIO()
    _Progress(plain, None, every=1)(7)
    assert plain.getvalue() == "imported 7 records\n"


def test_the_total_counts_records_not_the_header_or_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "h.ndjson"
    path.write_text('{"kind": "header", "format": "retentia-ndjson"}\n{"a": 1}\n\n{"b": 2}\n')
    assert _records_in(path) == 2


def test_the_human_report_lists_counts_and_each_rejection() -> None:
    report = ImportReport(
        Mode.HISTORY,
        imported=Counter({"memory": 3, "edge": 1}),
        rejected=[Rejection(7, "edge", "memory 'x' was rejected")],
    )
    assert _human(report).splitlines() == [
        "imported: 1 edge, 3 memory",
        "skipped (already there): nothing",
        "rejected: 1",
        "  line 7 (edge): memory 'x' was rejected",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--batch", "0"], "--batch 0: between 1 and 256"),
        (["--batch", "300"], "--batch 300"),
        ([], "cannot read"),
    ],
)
def test_usage_and_file_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code = main(["import", str(tmp_path / "missing.ndjson"), "--data-dir", str(tmp_path), *args])
    assert code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("first", "problem"),
    [
        ("{not json", "line 1: not JSON"),
        ('{"kind": "memory", "x": ' + "[" * 20_000 + "]" * 20_000 + "}", "line 1: nests JSON too"),
        ('{"kind": "memory", "n": ' + "9" * 5000 + "}", "line 1: holds an integer of more than"),
    ],
    ids=["not-json", "deep", "huge-integer"],
)
def test_a_file_whose_first_line_cannot_be_read_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str, problem: str
) -> None:
    path = tmp_path / "bad.ndjson"
    path.write_text(first + '\n{"kind": "memory", "id": "a", "content": "x"}\n')
    code = main(["import", str(path), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert problem in err and "Traceback" not in err
