"""Recall's ranking arithmetic (docs/design.md §6): reciprocal rank fusion of the legs, the category
decay with soft weights, and the supersession survival of a memory whose facts were closed.
Pure: the recall use case gathers the legs and the facets, this decides the numbers."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TypeVar

from schema import CATEGORY_POLICIES, Category, FactState, MemoryFacets
from schema.facts import Fact
from service.engine.fact_time import event_time_category, event_validity
from service.engine.query import Intent
from service.engine.settings import EngineSettings

#: What names a ranked list (a leg).
K = TypeVar("K", bound=str)


def fuse(
    ranked: Mapping[K, Sequence[str]], k: int, weights: Mapping[str, float] | None = None
) -> list[str]:
    """Ids by fused score, best first (ties by id, so the order is deterministic)."""
    scores = fused_scores(ranked, k, weights)
    return sorted(scores, key=lambda i: (-scores[i], i))


def fused_scores(
    ranked: Mapping[K, Sequence[str]], k: int, weights: Mapping[str, float] | None = None
) -> dict[str, float]:
    """Weighted reciprocal rank fusion: Σ over legs of w_leg / (k + rank), w_leg = 1 for a leg
    `weights` does not name. A leg of weight 0 adds nothing, but its ids stay (at 0 unless
    another leg found them): a leg that only re-orders others' hits (`category`) or that
    lists every turn around the anchors (`neighbours`) should not outvote the legs that
    matched the query (issue 53: on LongMemEval-S they pushed the full-text leg's gold turns
    out of the top 10)."""
    scores: dict[str, float] = {}
    for leg, ids in ranked.items():
        weight = 1.0 if weights is None else weights.get(leg, 1.0)
        for rank, memory_id in enumerate(ids, start=1):
            scores[memory_id] = scores.get(memory_id, 0.0) + weight / (k + rank)
    return scores


def _weights(memory: MemoryFacets) -> dict[Category, float]:
    """The memory's soft category weights, summing to 1 (its one category when it has none)."""
    weights = dict(memory.category_weights) or {memory.category: 1.0}
    total = sum(weights.values()) or 1.0
    return {c: w / total for c, w in weights.items()}


def blend_alpha(memory: MemoryFacets) -> float:
    """α, the weight of the time terms in ranking: the category weights' mean of each
    category's α."""
    return _alpha(_weights(memory))


def _alpha(weights: Mapping[Category, float]) -> float:
    return sum(w * CATEGORY_POLICIES[c].blend_alpha for c, w in weights.items())


def category_decay(memory: MemoryFacets, at: datetime, s: EngineSettings) -> float:
    """Category decay with soft weights: λ_eff = (Σ w_c/λ_c)⁻¹ (harmonic), never below the
    semantic floor, blended with weight α."""
    weights = _weights(memory)
    lam = 1.0 / sum(w / CATEGORY_POLICIES[c].decay_per_hour for c, w in weights.items())
    floor = sum(w * CATEGORY_POLICIES[c].semantic_floor for c, w in weights.items())
    alpha = _alpha(weights)
    since = max(memory.last_accessed_at or memory.created_at, memory.created_at)
    hours = max(0.0, (at - since).total_seconds() / 3600.0)
    kept = max(floor, math.exp(-lam * hours))
    return (1.0 - alpha) + alpha * kept


def fact_survival(
    facts: Sequence[Fact], intent: Intent, at: datetime, s: EngineSettings
) -> float | None:
    """1 for a memory whose facts still hold (or that asserts none); the superseded factor
    when they were all closed; None (masked) when they were all retracted, for current intent."""
    if not facts or intent is Intent.AUDIT:
        return 1.0
    if any(f.effective_at(at) for f in facts):
        return 1.0
    retracted = all(
        f.state is FactState.RETRACTED and f.invalid_at is not None and f.invalid_at <= at
        for f in facts
    )
    if intent is Intent.CURRENT:
        return None if retracted else s.superseded_factor
    return 1.0


def blended_validity(memory: MemoryFacets, at: datetime, s: EngineSettings) -> float:
    """The event-time kernel V of an obligation or logistics memory with an event time,
    blended with weight α as the decay is: `(1 − α) + α·V` (1 for any other memory)."""
    if memory.event_time is None or not event_time_category(memory.category):
        return 1.0
    alpha = blend_alpha(memory)
    return (1.0 - alpha) + alpha * event_validity(at, memory.event_time, s)
