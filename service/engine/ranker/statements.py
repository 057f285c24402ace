"""The last moves of recall's order, made on the hits read whole (they weigh what each says):
a later restatement of an earlier-ranked hit above it, and what the asker said above an
assistant's reply about it (`service.engine.updates`)."""

from __future__ import annotations

from collections.abc import Sequence

from service.engine.ranker.model import RecallHit
from service.engine.settings import EngineSettings
from service.engine.updates import Said, own_words_first, restated_first


def restatements_first(query: str, hits: list[RecallHit], s: EngineSettings) -> list[RecallHit]:
    """The hits with each later restatement of an earlier-ranked hit moved above it
    (`service.engine.updates.restated_first`); a moved hit's `restated` term is the share of
    the score of the hit it passed that it had (1 for the others)."""
    moves = restated_first(
        query, [_said(h) for h in hits], s.recall_restated_ratio, s.recall_restated_window
    )
    return _moved(hits, moves, "restated")


def own_words_above_replies(
    query: str, hits: list[RecallHit], s: EngineSettings
) -> list[RecallHit]:
    """The hits with what the asker said moved above an assistant's reply about it
    (`service.engine.updates.own_words_first`; the window and ratio of `restated`); a moved
    hit's `own_words` term is the share of the reply's score it had (1 for the others)."""
    moves = own_words_first(
        query,
        [_said(h) for h in hits],
        s.recall_restated_ratio,
        s.recall_restated_window,
        stale={h.memory.id for h in hits if h.updated},
    )
    return _moved(hits, moves, "own_words")


def _moved(hits: list[RecallHit], moves: Sequence[tuple[str, str]], term: str) -> list[RecallHit]:
    """`hits` with each (moved, above) move made in turn; the moved hit's `term` is the share
    of the passed hit's score it had, every other hit's 1."""
    by_id = {h.memory.id: h for h in hits}
    order = [h.memory.id for h in hits]
    for hit in hits:
        hit.terms[term] = 1.0
    for moved, above in moves:
        order.remove(moved)
        order.insert(order.index(above), moved)
        by_id[moved].terms[term] = by_id[moved].score / (by_id[above].score or 1.0)
    return [by_id[i] for i in order]


def _said(hit: RecallHit) -> Said:
    return Said(
        hit.memory.id,
        hit.memory.content,
        hit.memory.created_at.timestamp(),
        hit.memory.source_session,
        hit.score,
    )
