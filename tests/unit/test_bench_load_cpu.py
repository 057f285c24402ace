"""The load bench counts the CPU of every process the service runs (`serve --workers N`),
but for the FalkorDB it started, from /proc (a multiprocess metrics registry carries no
`process_cpu_seconds_total`)."""

from __future__ import annotations

import subprocess
import sys
import time

from bench.harness.processes import descendants, tree_cpu_s

#: A worker that spends half a second of CPU, then waits to be counted.
_BURN = (
    "import time\n"
    "t = time.process_time()\n"
    "while time.process_time() - t < 0.5: pass\n"
    "print('burnt', flush=True)\n"
    "time.sleep(60)\n"
)
#: A supervisor that starts the worker and waits for it, spending no CPU of its own.
_SUPERVISOR = (
    f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {_BURN!r}]).wait()\n"
)


def test_the_service_cpu_counts_its_workers_but_not_the_database() -> None:
    with subprocess.Popen(
        [sys.executable, "-c", _SUPERVISOR], stdout=subprocess.PIPE, text=True
    ) as supervisor:
        try:
            assert supervisor.stdout is not None
            assert supervisor.stdout.readline().strip() == "burnt"
            deadline = time.monotonic() + 10
            while not (below := descendants(supervisor.pid)) and time.monotonic() < deadline:
                time.sleep(0.05)
            (worker,) = below
            assert tree_cpu_s(supervisor.pid, None) >= 0.45  # the worker's half second
            # The same process taken for the database is counted apart.
            assert tree_cpu_s(supervisor.pid, worker) < 0.4
        finally:
            for pid in descendants(supervisor.pid):
                subprocess.run(["kill", str(pid)], check=False)
            supervisor.kill()
