"""What a system returned per question, and the figure two suites score it by."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class SystemRun:
    """One system's answers (question id → keys, best first), its recall latencies and its
    ingest."""

    ranked: dict[str, list[str]] = field(default_factory=dict)
    latencies_s: list[float] = field(default_factory=list)
    ingest_s: float = 0.0
    ingested: int = 0
    #: SUPERSEDES edges the update detector made during ingest.
    update_edges: int = 0


def newest_first(ranked: Sequence[str], older: set[str], newer: set[str], k: int) -> bool:
    """The best-ranked of `newer` is in the top k and above every one of `older`."""
    top = list(ranked[:k])
    best_new = next((i for i, key in enumerate(top) if key in newer), None)
    if best_new is None:
        return False
    best_old = next((i for i, key in enumerate(ranked) if key in older), None)
    return best_old is None or best_new < best_old
