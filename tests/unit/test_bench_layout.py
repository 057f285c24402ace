"""The benches' layout (bench/README.md): every suite is a module run as `python -m
bench.<suite>` that imports the harness and never another suite, nothing in bench/ touches
`sys.path`, and every folder of `bench/results/` belongs to a suite."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
SUITES = frozenset(p.stem for p in BENCH.glob("*.py") if p.stem != "__init__")
#: Reports written by a tool outside bench/ (devtools/image.py, through scripts/image-test).
OTHER_REPORTS = frozenset({"image"})


def _bench_imports(path: Path) -> set[str]:
    """The `bench.*` modules `path` imports, as dotted names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "bench"}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "bench":
                found |= {f"bench.{a.name}" for a in node.names}
            elif node.module.startswith("bench."):
                found.add(node.module)
    return found


def test_no_suite_imports_another() -> None:
    """What two suites share lives in bench/harness/, so each suite reads on its own."""
    crossing = {
        f"{path.relative_to(ROOT)} imports {name}"
        for path in [*BENCH.glob("*.py"), *(BENCH / "harness").glob("*.py")]
        for name in _bench_imports(path)
        if name.split(".")[1] in SUITES
    }
    assert crossing == set()


def test_nothing_in_bench_edits_sys_path() -> None:
    """Suites run as modules from the repository root; none puts a folder on `sys.path`."""
    editing = [
        str(path.relative_to(ROOT))
        for path in BENCH.rglob("*.py")
        if "sys.path.insert" in path.read_text() or "sys.path.append" in path.read_text()
    ]
    assert editing == []


def test_every_results_folder_belongs_to_a_suite() -> None:
    """`bench/results/<suite>/` holds that suite's latest report, `archive/` the older ones;
    no report lies loose beside the folders."""
    entries = list((BENCH / "results").iterdir())
    assert [p.name for p in entries if p.is_file()] == []
    assert {p.name for p in entries} - SUITES - OTHER_REPORTS == set()
    for folder in entries:
        assert {p.name for p in folder.iterdir() if p.is_dir()} <= {"archive"}, folder
