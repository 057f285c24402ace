"""Whether a pytest command line selects the tests in a folder, decided from its arguments alone
(collecting would import the whole suite): `scripts/test` asks it about tests/chart, so only a
run that includes the chart tests waits for their tools to build.

    python -m devtools.selection FOLDER [PYTEST ARGS...]   exit 0 if selected, 1 if not

An argument selects FOLDER when it names an existing path (`::node ids` allowed) that is FOLDER,
inside it or above it. With no such path pytest runs its testpaths, the whole suite: selected.
Options are not paths; an option's value given apart (`--ignore tests/chart`) that names a path
counts as one. A wrong answer costs time, never a result: the chart tests build their tools
themselves (devtools.chart.install_helm) when nothing built them beforehand."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path


def selects(args: Sequence[str], folder: Path, cwd: Path) -> bool:
    wanted = (cwd / folder).resolve()
    named = [
        (cwd / arg.split("::", 1)[0]).resolve()
        for arg in args
        if not arg.startswith("-") and (cwd / arg.split("::", 1)[0]).exists()
    ]
    if not named:
        return True
    return any(path == wanted or wanted in path.parents or path in wanted.parents for path in named)


def main(argv: Sequence[str]) -> int:
    if not argv:
        print("usage: python -m devtools.selection FOLDER [PYTEST ARGS...]", file=sys.stderr)
        return 2
    folder, *args = argv
    return 0 if selects(args, Path(folder), Path.cwd()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
