"""`devtools.selection` says a pytest command line selects a folder exactly when pytest would
run tests in it: no path at all (the whole suite), the folder itself, a path inside it or a
folder above it; never for paths beside it, options or values that name no path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from devtools.selection import selects

ROOT = Path(__file__).resolve().parents[2]
CHART = Path("tests/chart")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["-q"],
        ["-m", "e2e", "-k", "browser"],
        ["tests"],
        ["."],
        ["tests/chart"],
        ["tests/chart/"],
        ["tests/chart/test_chart.py"],
        ["tests/chart/test_chart.py::test_lint", "-q"],
        ["tests/unit", "tests/chart/test_chart.py"],
        ["tests/unit/../chart"],
    ],
)
def test_selected(args: list[str]) -> None:
    assert selects(args, CHART, ROOT)


@pytest.mark.parametrize(
    "args",
    [
        ["tests/unit"],
        ["tests/e2e", "-q"],
        ["tests/integration/test_mcp.py::test_sigterm_stops_the_server_and_its_falkordb_cleanly"],
        ["tests/unit", "-k", "chart"],
        ["tests/contract", "tests/backends/falkordb"],
        ["--cov=tests/chart", "tests/unit"],
    ],
)
def test_not_selected(args: list[str]) -> None:
    assert not selects(args, CHART, ROOT)


def test_the_command_answers_by_exit_status() -> None:
    """scripts/test reads the answer from the exit status: 0 selected, 1 not, 2 misuse."""

    def status(*args: str) -> int:
        command = [sys.executable, "-m", "devtools.selection", *args]
        return subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode

    assert status("tests/chart") == 0
    assert status("tests/chart", "tests/chart/test_chart.py", "-q") == 0
    assert status("tests/chart", "tests/unit", "-q") == 1
    assert status() == 2
