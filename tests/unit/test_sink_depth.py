"""A stale value a detected update passed sinks to the bottom of the top k, but no lower than
`recall_sink_depth` (issue 53): asking for more hits does not change which memories the first
`recall_sink_depth` are. Before, a recall of 20 sank it to place 20, and with LongMemEval-S's
detector edges that took gold turns out of the top 10 a recall of 10 kept."""

from __future__ import annotations

from datetime import UTC, datetime

from schema import EdgeCreator, EdgeType, MemoryFacets
from service.engine.query import Intent
from service.engine.ranker import Candidate, Ranking
from service.engine.ranker.stale import rank_updates
from tests.factories import edge, memories


def ranked_after_update(k: int, sink_depth: int | None) -> list[int]:
    """Twelve candidates scored 12 … 1; the one at place 3 is updated (a detector edge) by the
    one at place 1. The places, by original index, after ranking the update for `k`."""
    made = memories(12)
    found = [
        Candidate(
            memory=MemoryFacets.of(m),
            fused=float(12 - n),
            similarity=0.5,
            legs={},
            terms={},
            score=float(12 - n),
        )
        for n, m in enumerate(made)
    ]
    detected = edge(made[0].id, made[2].id, EdgeType.SUPERSEDES).model_copy(
        update={"created_by": EdgeCreator.DETECTOR, "weight": 0.8}
    )
    ranking = Ranking(query="q", k=k, intent=Intent.CURRENT, at=datetime(2030, 1, 1, tzinfo=UTC))
    rank_updates(found, [detected], ranking, 0.5, {}, sink_depth)
    order = sorted(found, key=lambda c: (-c.score, -c.fused, c.memory.id))
    return [made.index(next(m for m in made if m.id == c.memory.id)) for c in order]


def test_the_stale_value_sinks_to_the_bottom_of_the_top_k() -> None:
    assert ranked_after_update(k=10, sink_depth=10)[:10] == [0, 1, 3, 4, 5, 6, 7, 8, 9, 2]


def test_asked_for_more_it_sinks_no_lower_than_the_depth() -> None:
    """k = 12 with depth 10: the same top 10 as a recall of 10 (place 10), not place 12."""
    deep = ranked_after_update(k=12, sink_depth=10)
    assert deep[:10] == ranked_after_update(k=10, sink_depth=10)[:10]
    assert deep.index(2) == 9


def test_without_a_depth_it_sinks_to_the_bottom_of_any_k() -> None:
    """The behaviour before issue 53: asked for 12, the stale value leaves the top 10."""
    assert ranked_after_update(k=12, sink_depth=None).index(2) == 11
