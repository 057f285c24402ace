"""bench/longmemeval.py's scoring: the newer gold session (turn) must be in the top k and above
the older one; sessions are collapsed from turns in order of first appearance."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bench.longmemeval import Item, Session, SystemRun, Turn, by_intent, newest_first, score

AT = datetime(2023, 5, 1, tzinfo=UTC)


def item(qid: str = "q", question: str = "?") -> Item:
    def session(sid: str, gold: bool) -> Session:
        return Session(
            sid, AT, (Turn(f"{sid}#0", sid, "user: x", gold), Turn(f"{sid}#1", sid, "y", False))
        )

    return Item(
        qid,
        question,
        AT,
        (session("old", True), session("noise", False), session("new", True)),
        ("old", "new"),
    )


def test_newest_first_needs_the_newer_in_the_top_k_and_above_the_older() -> None:
    assert newest_first(["new", "old"], {"old"}, {"new"}, 1)
    assert not newest_first(["old", "new"], {"old"}, {"new"}, 5)
    assert not newest_first(["noise", "new"], {"old"}, {"new"}, 1)  # not in the top 1
    assert newest_first(["noise", "new"], {"old"}, {"new"}, 2)  # the older is nowhere


def test_score_collapses_turns_to_sessions_in_order_of_first_appearance() -> None:
    figures = score(item(), ["noise#0", "new#1", "old#0", "new#0"])
    assert figures["session_newest_first@5"] == 1.0  # sessions: noise, new, old
    assert figures["turn_newest_first@5"] == 0.0  # the gold turn old#0 ranks above new#0
    assert figures["session_any@1"] == 0.0 and figures["session_recall@3"] == 1.0
    assert figures["turn_recall@10"] == 1.0 and figures["turn_any@1"] == 0.0


def test_by_intent_counts_the_older_first_where_the_question_asks_for_it() -> None:
    """The headline figure counts a question asking for the earlier value as a miss when the
    older gold ranks first; the split reports it as what it is."""
    now = item("now", "Where do I live now?")
    before = item("before", "Where did I live previously, before I moved?")
    run = SystemRun(
        ranked={
            "now": ["new#0", "old#0", "noise#0"],
            "before": ["old#0", "new#0", "noise#0"],
        }
    )
    split = by_intent([now, before], run)
    assert split["current"] == {
        "questions": 1,
        "session_newest_first@5": 1.0,
        "turn_newest_first@5": 1.0,
        "session_newest_first@10": 1.0,
        "turn_newest_first@10": 1.0,
    }
    assert split["historical"]["questions"] == 1
    assert split["historical"]["session_older_first@5"] == 1.0
    assert split["historical"]["turn_older_first@10"] == 1.0
    assert split["all"]["questions"] == 2 and split["all"]["turn_asked_first@5"] == 1.0
    flipped = replace(run, ranked={**run.ranked, "before": ["new#0", "old#0"]})
    assert by_intent([now, before], flipped)["historical"]["session_older_first@5"] == 0.0
    assert by_intent([now, before], flipped)["all"]["session_asked_first@5"] == 0.5
