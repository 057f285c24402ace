"""`retentia maintain` runs a pass from the command line, prints progress and a summary,
refuses a bad tenant or one that does not exist with a clear message and exit status 2, and
exits 3 — having forgotten nothing — when the mass-forgetting guard holds a pass, until
`--allow-mass-forgetting` lets it go ahead (issue 49)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def run(
    *args: str, data_dir: Path, command: str = "maintain", **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", command, "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1", **env},
    )


def test_maintain_prints_progress_and_summary(tmp_path: Path) -> None:
    history = tmp_path / "history.ndjson"
    history.write_text(
        json.dumps({"kind": "memory", "id": "m1", "content": "the boiler was serviced"}) + "\n"
    )
    imported = run(
        str(history), "--org", "acme", "--project", "p1", data_dir=tmp_path, command="import"
    )
    assert imported.returncode == 0, imported.stderr
    done = run("--dry-run", "--org", "acme", "--project", "p1", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "maintenance of 1 tenant(s), dry run: nothing is written" in done.stdout
    assert "acme/p1: 1 memories; would change:" in done.stdout
    every = run("--all", data_dir=tmp_path)
    assert every.returncode == 0, every.stderr
    assert "acme/p1: 1 memories; changed:" in every.stdout


def test_maintain_refuses_a_project_that_does_not_exist(tmp_path: Path) -> None:
    """A typo in --project used to answer exit 0 ("never written; nothing to maintain"), so a
    CronJob maintaining the wrong project looked healthy for ever."""
    done = run("--org", "acme", "--project", "nope", data_dir=tmp_path)
    assert done.returncode == 2, done.stdout
    assert "project acme/nope does not exist" in done.stderr
    every = run("--all", data_dir=tmp_path)
    assert every.returncode == 0, every.stderr
    assert "acme/nope" not in every.stdout  # asking about it created nothing


def test_the_mass_forgetting_guard_holds_a_pass_until_allowed(tmp_path: Path) -> None:
    """Twenty year-old turns imported with every keep window set to zero are all forgettable
    at the first pass: the guard holds it (exit 3, nothing forgotten, the reason printed);
    `--allow-mass-forgetting` forgets them."""
    history = tmp_path / "history.ndjson"
    history.write_text(
        "".join(
            json.dumps(
                {
                    "kind": "memory",
                    "id": f"t{i}",
                    "content": f"turn {i} about the allotment and plot {i}",
                    "created_at": f"2024-01-01T10:{i:02d}:00+00:00",
                }
            )
            + "\n"
            for i in range(20)
        )
    )
    unguarded = {
        "RETENTIA_ENGINE__IMPORTED_KEEP_DAYS": "0",
        "RETENTIA_ENGINE__MIN_AGE_DAYS": "0",
        "RETENTIA_ENGINE__TAGGED_TIMEOUT_HOURS": "0",
        "RETENTIA_ENGINE__FORGET_THRESHOLD": "1",  # received seconds ago: still active
        "RETENTIA_ENGINE__AUTO_LINK_MAX_PER_STORE": "0",
    }
    imported = run(str(history), "--project", "talk", data_dir=tmp_path, command="import")
    assert imported.returncode == 0, imported.stderr

    held = run("--project", "talk", data_dir=tmp_path, **unguarded)
    assert held.returncode == 3, held.stdout + held.stderr
    assert "would forget 20 of 20 memories" in held.stdout
    assert "0 forgotten" in held.stdout
    assert "--allow-mass-forgetting" in held.stderr

    allowed = run("--project", "talk", "--allow-mass-forgetting", data_dir=tmp_path, **unguarded)
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert "20 forgotten" in allowed.stdout


def test_maintain_refuses_a_bad_tenant(tmp_path: Path) -> None:
    done = run("--org", "no:colons", data_dir=tmp_path)
    assert done.returncode == 2
    assert "org: 'no:colons' is not a valid name" in done.stderr
