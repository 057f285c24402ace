"""`retentia maintain` runs a pass from the command line, prints progress and a summary, and
refuses a bad tenant with a clear message and exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", "maintain", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )


def test_maintain_prints_progress_and_summary(tmp_path: Path) -> None:
    done = run("--dry-run", "--org", "acme", "--project", "p1", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "maintenance of 1 tenant(s), dry run: nothing is written" in done.stdout
    assert "acme/p1: never written; nothing to maintain" in done.stdout
    assert "acme/p1: 0 memories; would change:" in done.stdout
    every = run("--all", data_dir=tmp_path)
    assert every.returncode == 0, every.stderr
    assert "acme/p1" not in every.stdout  # maintaining a tenant nobody wrote created nothing


def test_maintain_refuses_a_bad_tenant(tmp_path: Path) -> None:
    done = run("--org", "no:colons", data_dir=tmp_path)
    assert done.returncode == 2
    assert "org: 'no:colons' is not a valid name" in done.stderr
