"""Peak memory and CPU time of this process and of others (the embedded FalkorDB), read from
`getrusage` and /proc (Linux)."""

from __future__ import annotations

import os
import resource
from pathlib import Path


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


def _children() -> dict[int, list[int]]:
    """Each live process's children, from one scan of /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # it ended while being read
        children.setdefault(parent, []).append(int(stat.parent.name))
    return children


def descendants(pid: int, children: dict[int, list[int]] | None = None) -> list[int]:
    """Every live process below `pid` (its children, theirs, …)."""
    tree = _children() if children is None else children
    found, todo = [], [pid]
    while todo:
        below = tree.get(todo.pop(), [])
        found += below
        todo += below
    return found


def tree_cpu_s(pid: int, apart: int | None = None) -> float:
    """CPU seconds so far of `pid` and every process below it (a service and the workers of
    `serve --workers N`), but for `apart` and what runs below it (the embedded FalkorDB a
    service started, counted on its own)."""
    tree = _children()
    skip = set() if apart is None else {apart, *descendants(apart, tree)}
    return sum(proc_cpu_s(p) or 0.0 for p in [pid, *descendants(pid, tree)] if p not in skip)
