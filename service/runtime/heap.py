"""The garbage collector tuned for a long-running service (`retentia serve`).

At start-up the process loads the embedder, the schema and the libraries: a heap of long-lived
objects every full collection walked again. Under the load bench's traffic those collections
were the ~340 ms pauses that set the 99th percentile at every concurrency, and the collector's
frequent young-generation passes cost CPU on every request. Moving what start-up built out of
the collector's sight (`gc.freeze`) and collecting the young generation after 50,000 net
allocations instead of 700 took the bench from ~59 to ~67 req/s at concurrency 4, p99 from
~340 to ~100 ms (bench/methods.md). Cycles are still collected, just less often.
"""

from __future__ import annotations

import gc
from typing import Final

#: Net allocations before a young-generation collection (CPython's default is 700), and how
#: many collections of each generation before the next one is collected (default 10, 10).
THRESHOLDS: Final = (50_000, 20, 20)


def settle_after_start() -> None:
    """Collect once, freeze what start-up left (it lives as long as the process), and
    collect the young generation less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
