"""Recall's pure ranking steps (service.usecases.recall) on candidates built in memory: a
detected update places and sinks within the top k, and the best of the plain legs always stay
in the top k (issue 51: the terms reorder within what relevance supports)."""

from __future__ import annotations

from schema import EdgeCreator, EdgeType, MemoryFacets
from service.usecases.recall import (
    RecallRequest,
    _Candidate,
    _select,
    prefer_updates,
    sink_within_k,
)
from tests.factories import edge, memories


def candidates(scores: list[float], legs: list[dict[str, int]] | None = None) -> list[_Candidate]:
    made = memories(len(scores))
    return [
        _Candidate(
            memory=MemoryFacets.of(m),
            fused=score,
            similarity=0.5,
            legs=(legs or [{}] * len(scores))[i],
            terms={},
            score=score,
        )
        for i, (m, score) in enumerate(zip(made, scores, strict=True))
    ]


def ids(chosen: list[_Candidate]) -> list[str]:
    return [c.memory.id for c in chosen]


def test_a_detected_update_moves_just_above_the_stale_one_and_demotes_nothing() -> None:
    ranked = candidates([0.9, 0.8, 0.7, 0.6, 0.1])
    stale, update = ranked[1], ranked[4]
    detected = edge(update.memory.id, stale.memory.id, EdgeType.SUPERSEDES)
    detected = detected.model_copy(update={"created_by": EdgeCreator.DETECTOR, "weight": 0.8})
    before = {c.memory.id: c.score for c in ranked}
    assert prefer_updates(ranked, [detected], 0.5) == {}  # nothing kept a share: no demotion
    order = sorted(ranked, key=lambda c: -c.score)
    assert ids(order) == ids([ranked[0], update, stale, ranked[2], ranked[3]])
    assert all(c.score == before[c.memory.id] for c in ranked if c is not update)
    # Then the stale one sinks to the bottom of the top k — still in it.
    sink_within_k(ranked, [detected], k=4)
    order = sorted(ranked, key=lambda c: -c.score)
    assert ids(order)[:4] == ids([ranked[0], update, ranked[2], stale])
    assert 0.0 < stale.terms["updates"] < 1.0


def test_a_written_update_still_demotes() -> None:
    ranked = candidates([0.9, 0.8, 0.1])
    stale, update = ranked[0], ranked[2]
    written = edge(update.memory.id, stale.memory.id, EdgeType.SUPERSEDES)
    kept = prefer_updates(ranked, [written], 0.5)
    assert kept == {stale.memory.id: 0.5} and stale.score == 0.45


def test_the_best_of_a_plain_leg_stays_in_the_top_k() -> None:
    """Ranked sixth after the terms, the full-text leg's first hit takes the last place of a
    top 5; a vector hit ranked below the leg's best is let go."""
    legs = [{"vector": 3}, {"vector": 4}, {"vector": 5}, {}, {}, {"fulltext": 1}, {"vector": 2}]
    ranked = candidates([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3], legs)
    chosen = _select(ranked, RecallRequest("q", k=5), floor=0.1)
    assert ids(chosen) == ids([*ranked[:4], ranked[5]])
    # max(1, k // 5): at k = 10 the legs' first two are kept, at k = 9 their first only.
    tail = candidates([0.9] * 10 + [0.3], [{}] * 10 + [{"vector": 2}])
    assert _select(tail, RecallRequest("q", k=10), floor=0.1)[-1].legs == {"vector": 2}
    assert {"vector": 2} not in [c.legs for c in _select(tail, RecallRequest("q", k=9), 0.1)]
