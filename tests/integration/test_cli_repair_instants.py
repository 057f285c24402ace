"""`retentia repair-instants` sets a memory instant an earlier version stored past year 9999
back to the last instant: a dry run counts it and writes nothing, the repair prints what it set
and a second finds nothing; a project that does not exist exits 2 with a message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.integration.test_cli import run

POISON = """
import asyncio, sys
from pathlib import Path
from graph_backends._common.records import LATEST_US
from schema import Tenant, build
from service import compose
from service.settings import Settings

async def main() -> None:
    settings = Settings(data_dir=Path(sys.argv[1]))
    async with compose.open_repository(settings) as repository:
        await repository._send(
            build(Tenant, org="acme", project="p1"),
            f"MATCH (m:Memory) WHERE 'Memory' IN labels(m) SET m.event_time = {LATEST_US + 1}",
            read_only=False,
        )

asyncio.run(main())
"""


def test_repair_instants_sets_the_bound(tmp_path: Path) -> None:
    history = tmp_path / "history.ndjson"
    history.write_text(json.dumps({"kind": "memory", "id": "m1", "content": "an event"}) + "\n")
    imported = run(
        str(history), "--org", "acme", "--project", "p1", data_dir=tmp_path, command="import"
    )
    assert imported.returncode == 0, imported.stderr
    poisoned = subprocess.run(
        [sys.executable, "-c", POISON, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )
    assert poisoned.returncode == 0, poisoned.stderr

    args = ("--org", "acme", "--project", "p1")
    dry = run(*args, "--dry-run", data_dir=tmp_path, command="repair-instants")
    assert dry.returncode == 0, dry.stderr
    assert "acme/p1: would set 1 memory.event_time value(s)" in dry.stdout
    done = run(*args, data_dir=tmp_path, command="repair-instants")
    assert done.returncode == 0, done.stderr
    assert "acme/p1: set 1 memory.event_time value(s)" in done.stdout
    again = run("--all", data_dir=tmp_path, command="repair-instants")
    assert again.returncode == 0, again.stderr
    assert "acme/p1: no instant out of range" in again.stdout


def test_repair_instants_refuses_a_project_that_does_not_exist(tmp_path: Path) -> None:
    done = run("--org", "acme", "--project", "nope", data_dir=tmp_path, command="repair-instants")
    assert done.returncode == 2
    assert "project acme/nope does not exist" in done.stderr
