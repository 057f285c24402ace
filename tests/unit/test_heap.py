"""`retentia serve` tunes the garbage collector once it has started (service.runtime.heap)."""

from __future__ import annotations

import gc
import subprocess
import sys


def test_settle_after_start_freezes_the_heap_and_raises_the_thresholds() -> None:
    # In a child process: freezing is for the whole process, and this one runs the tests.
    script = """
import gc
from service.runtime.heap import THRESHOLDS, settle_after_start
built = [[i] for i in range(1000)]
assert gc.get_freeze_count() == 0
settle_after_start()
assert gc.get_freeze_count() > 1000, gc.get_freeze_count()
assert gc.get_threshold() == THRESHOLDS, gc.get_threshold()
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert gc.get_freeze_count() == 0  # this process untouched
