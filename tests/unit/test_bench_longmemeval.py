"""bench/longmemeval.py's scoring: the newer gold session (turn) must be in the top k and above
the older one; sessions are collapsed from turns in order of first appearance."""

from __future__ import annotations

from datetime import UTC, datetime

from bench.longmemeval import Item, Session, Turn, newest_first, score

AT = datetime(2023, 5, 1, tzinfo=UTC)


def item() -> Item:
    def session(sid: str, gold: bool) -> Session:
        return Session(
            sid, AT, (Turn(f"{sid}#0", sid, "user: x", gold), Turn(f"{sid}#1", sid, "y", False))
        )

    return Item(
        "q",
        "?",
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
