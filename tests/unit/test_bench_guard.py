"""The leg guard of issue 51 (bench/harness/guard.py) and LoCoMo's splits (bench/locomo.py):
conversations 0–4 tune, 5–9 report; the fused ranking's recall@10 against its best single leg
on the whole set and on each split."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bench.harness.guard import SINGLE_LEGS, leg_guard
from bench.harness.locomo_data import Conversation, Question, Session, Turn
from bench.locomo import (
    conversation_split,
    guard_failures,
    split_figures,
    split_sets,
)

AT = datetime(2023, 5, 1, tzinfo=UTC)


def test_leg_guard_holds_at_a_tie_and_fails_below_the_best_leg() -> None:
    tie = leg_guard(0.5, {"fulltext_only": 0.5, "vector_only": 0.4})
    assert tie["holds"] and tie["best_leg"] == "fulltext_only" and tie["margin"] == 0.0
    below = leg_guard(0.45, {"fulltext_only": 0.3, "vector_only": 0.5})
    assert not below["holds"] and below["best_leg"] == "vector_only"
    assert below["margin"] == pytest.approx(-0.05)
    assert leg_guard(0.45, {"vector_only": 0.5}, tolerance=0.05)["holds"]
    assert set(SINGLE_LEGS) == {"fulltext_only", "vector_only"}


def test_conversations_split_by_file_order() -> None:
    assert [conversation_split(i) for i in range(10)] == ["tune"] * 5 + ["report"] * 5


def conversation(n: int, questions: int = 1) -> Conversation:
    sid = f"conv-{n}"
    turns = tuple(Turn(f"D1:{j}", j, f"turn {j}") for j in range(1, 4))
    conv = Conversation(sid, [Session("session_1", AT, turns)])
    conv.questions = [
        Question(10 * n + j, sid, f"question {j}", "single-hop", ("D1:1", "D1:2"), "")
        for j in range(questions)
    ]
    return conv


def test_split_sets_leave_out_an_empty_split() -> None:
    seven = split_sets([conversation(n) for n in range(7)])
    assert {k: len(v) for k, v in seven.items()} == {"all": 7, "tune": 5, "report": 2}
    assert [c.sample_id for c in seven["report"]] == ["conv-5", "conv-6"]
    assert list(split_sets([conversation(n) for n in range(3)])) == ["all", "tune"]


def test_split_figures_hold_the_fused_ranking_to_its_best_leg_per_split() -> None:
    conversations = [conversation(n) for n in range(10)]
    tune = {10 * n for n in range(5)}
    # Retentia finds both evidence turns in the tune split, one in the report split; the
    # full-text leg alone finds one everywhere, the vector leg both in the report split.
    retentia = {q: ["D1:1", "D1:2"] if q in tune else ["D1:1", "D1:3"] for q in range(0, 100, 10)}
    fulltext = {q: ["D1:3", "D1:1"] for q in range(0, 100, 10)}
    vector = {q: ["D1:3"] if q in tune else ["D1:2", "D1:1"] for q in range(0, 100, 10)}
    bm25 = {q: ["D1:3", "D1:3", "D1:3", "D1:3", "D1:3", "D1:2"] for q in range(0, 100, 10)}
    splits = split_figures(
        conversations,
        {"retentia": retentia, "bm25": bm25},
        {"fulltext_only": fulltext, "vector_only": vector},
    )
    assert list(splits) == ["all", "tune", "report"]
    assert splits["tune"]["conversations"] == [f"conv-{n}" for n in range(5)]
    assert splits["report"]["questions"] == 5
    # Every evidence turn is in session D1, which every ranking reaches at its first turn.
    sessions = {f"session_recall@{k}": 1.0 for k in (5, 10, 20)}
    assert splits["tune"]["systems"]["retentia"] == {"r5": 1.0, "r10": 1.0, "r20": 1.0} | sessions
    assert splits["all"]["systems"]["bm25"] == {"r5": 0.0, "r10": 0.5, "r20": 0.5} | sessions
    tune_guard, report_guard = splits["tune"]["guard"], splits["report"]["guard"]
    assert tune_guard["holds"] and tune_guard["margin"] == 0.5
    assert tune_guard["best_leg"] == "fulltext_only"
    assert report_guard["legs"] == {"fulltext_only": 0.5, "vector_only": 1.0}
    assert not report_guard["holds"] and report_guard["margin"] == -0.5
    # Overall: Retentia 0.75, the vector leg 0.5, the full-text leg 0.5.
    assert splits["all"]["guard"]["fused"] == 0.75 and splits["all"]["guard"]["holds"]
    assert guard_failures(splits) == ["report"]
