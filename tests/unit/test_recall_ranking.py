"""Recall's pure ranking steps (service.engine.ranker.stale) on candidates built in memory: a
detected update places and sinks within the top k (issue 51: the terms reorder within what
relevance supports); a written one demotes."""

from __future__ import annotations

from schema import EdgeCreator, EdgeType, MemoryFacets
from service.engine.ranker import Candidate
from service.engine.ranker.stale import prefer_updates, sink_within_k
from tests.factories import edge, memories


def candidates(scores: list[float], legs: list[dict[str, int]] | None = None) -> list[Candidate]:
    made = memories(len(scores))
    return [
        Candidate(
            memory=MemoryFacets.of(m),
            fused=score,
            similarity=0.5,
            legs=(legs or [{}] * len(scores))[i],
            terms={},
            score=score,
        )
        for i, (m, score) in enumerate(zip(made, scores, strict=True))
    ]


def ids(chosen: list[Candidate]) -> list[str]:
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
