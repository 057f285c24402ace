"""What a system returned per question, and the figure two suites score it by."""

from __future__ import annotations

from collections.abc import Collection, Sequence
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
    #: Per question id: its recall's latency, and its ingest (seconds, memories, update
    #: edges), so a view over some of the questions has its own timings.
    latency_by_qid: dict[str, float] = field(default_factory=dict)
    ingest_by_qid: dict[str, tuple[float, int, int]] = field(default_factory=dict)

    def view(self, qids: Collection[str]) -> SystemRun:
        """The run restricted to `qids` (those it answered), timings included where it kept
        them per question."""
        kept = [q for q in self.ranked if q in qids]
        ingest = [self.ingest_by_qid[q] for q in kept if q in self.ingest_by_qid]
        return SystemRun(
            ranked={q: self.ranked[q] for q in kept},
            latencies_s=[self.latency_by_qid[q] for q in kept if q in self.latency_by_qid],
            ingest_s=sum(i[0] for i in ingest),
            ingested=sum(i[1] for i in ingest),
            update_edges=sum(i[2] for i in ingest),
            latency_by_qid={q: self.latency_by_qid[q] for q in kept if q in self.latency_by_qid},
            ingest_by_qid={q: self.ingest_by_qid[q] for q in kept if q in self.ingest_by_qid},
        )


def newest_first(ranked: Sequence[str], older: set[str], newer: set[str], k: int) -> bool:
    """The best-ranked of `newer` is in the top k and above every one of `older`."""
    top = list(ranked[:k])
    best_new = next((i for i, key in enumerate(top) if key in newer), None)
    if best_new is None:
        return False
    best_old = next((i for i, key in enumerate(ranked) if key in older), None)
    return best_old is None or best_new < best_old
