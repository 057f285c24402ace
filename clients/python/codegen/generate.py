"""Generate retentia_client/_generated from the committed SDL and the operations in
retentia_client/operations, with ariadne-codegen (run by the interpreter it is installed in:
scripts/install makes `.venv/codegen`).

    .venv/codegen/bin/python clients/python/codegen/generate.py [--out DIR]

The settings are `[tool.ariadne-codegen]` of clients/python/pyproject.toml; they make the async
client, and a second run with `async_client = false` makes the sync one beside it. `--out` writes
the package into DIR instead (the drift test diffs the two)."""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import toml
from ariadne_codegen.main import client

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "_generated"


def _run(settings: dict[str, Any], target: Path) -> None:
    config = {"tool": {"ariadne-codegen": {**settings, "target_package_path": str(target)}}}
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(io.StringIO()):
        client(config)


def generate(out: Path) -> None:
    """Write the generated package to out/_generated (replacing what is there)."""
    settings = toml.load(ROOT / "pyproject.toml")["tool"]["ariadne-codegen"]
    target = out / PACKAGE
    shutil.rmtree(target, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    _run(settings, out)
    with tempfile.TemporaryDirectory() as scratch:
        sync = {
            **settings,
            "async_client": False,
            "client_name": "SyncGeneratedClient",
            "client_file_name": "sync_client",
            "base_client_name": "SyncBaseClient",
            "base_client_file_path": "codegen/sync_base_client.py",
        }
        _run(sync, Path(scratch))
        for name in ("sync_client.py", "sync_base_client.py"):
            shutil.copyfile(Path(scratch) / PACKAGE / name, target / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "retentia_client")
    args = parser.parse_args()
    generate(args.out.resolve())
    sys.stdout.write(f"generated {args.out / PACKAGE}\n")


if __name__ == "__main__":
    main()
