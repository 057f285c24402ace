"""Which ranked candidates recall answers with: the top k by score above the similarity floor,
backfilled to k/2 from below it, with core and pinned memories that pass the floor injected."""

from __future__ import annotations

import math
from collections.abc import Sequence

from schema import MemoryStatus
from service.engine.ranker.model import Candidate, Ranking
from service.engine.ranker.vocabulary import Term


def by_score(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Best first: by score, then fused relevance, then id (so the order is deterministic)."""
    return sorted(candidates, key=lambda h: (-h.score, -h.fused, h.memory.id))


def select(hits: Sequence[Candidate], ranking: Ranking, floor: float) -> list[Candidate]:
    """Top k by score above the similarity floor, backfilled to k/2 from below it, with core
    and pinned memories that pass the floor injected (at most k/5, at least one)."""
    k = ranking.k
    ranked = by_score(hits)
    use_floor = Term.FLOOR in ranking.terms
    above = [h for h in ranked if not use_floor or h.similarity >= floor]
    below = [h for h in ranked if use_floor and h.similarity < floor]
    chosen = above[:k]
    want = math.ceil(k / 2)
    for hit in below:
        if len(chosen) >= want:
            break
        hit.backfilled = True
        chosen.append(hit)
    if Term.INJECTION in ranking.terms:
        protected = [
            h for h in above[k:] if h.memory.pinned or h.memory.status is MemoryStatus.CORE
        ]
        for hit in protected[: max(1, k // 5)]:
            hit.injected = True
            if len(chosen) >= k:
                chosen.pop()
            chosen.append(hit)
    for hit in chosen:
        hit.terms["floor"] = 1.0 if hit.similarity >= floor or not use_floor else 0.0
        hit.terms["injection"] = 1.0 if hit.injected else 0.0
    return chosen
