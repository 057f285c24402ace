"""bench/longmemeval.py's scoring: the newer gold session (turn) must be in the top k and above
the older one; sessions are collapsed from turns in order of first appearance."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench.harness.longmemeval_data import Item, Session, Turn, load_items
from bench.harness.scoring import SystemRun, newest_first
from bench.longmemeval import (
    by_intent,
    field_figures,
    field_scores,
    guard_failures,
    position_split,
    score,
    split_figures,
    split_sets,
    stale_figures,
)

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


def test_questions_split_by_position_even_tune_odd_report() -> None:
    assert [position_split(n) for n in range(5)] == ["tune", "report", "tune", "report", "tune"]
    items = [item(f"q{n}") for n in range(5)]
    sets = split_sets(items)
    assert [i.qid for i in sets["tune"]] == ["q0", "q2", "q4"]
    assert [i.qid for i in sets["report"]] == ["q1", "q3"]
    assert list(split_sets(items[:1])) == ["all", "tune"]


def test_stale_in_top5_counts_the_older_gold_on_current_intent_questions_only() -> None:
    now, also = item("now", "Where do I live now?"), item("also", "How many bikes do I own?")
    before = item("before", "Where did I live previously, before I moved?")
    ranked = {
        "now": ["new#0", "noise#0", "old#0"],  # both gold sessions in the top 5
        "also": ["noise#0", "new#1", "old#1", "noise#1", "x", "old#0"],  # only non-gold old#1
        "before": ["old#0"],  # historical: not counted
    }
    out = stale_figures([now, also, before], ranked)
    assert out == {"current_questions": 2, "stale_in_top5": 0.5, "current_in_top5": 0.5}
    assert stale_figures([before], ranked)["stale_in_top5"] is None


def test_split_figures_guard_the_questions_and_the_stable_fixtures() -> None:
    items = [item(f"q{n}", "Where do I live now?") for n in range(4)]
    stable = [item(f"s{n}", "Where do I live now?") for n in range(2)]
    good, half, none = ["new#0", "old#0"], ["new#0", "noise#0"], ["noise#0"]
    runs = {
        # retentia finds both gold turns on the tune questions, one on the report ones.
        "retentia": SystemRun(ranked={"q0": good, "q1": half, "q2": good, "q3": half}),
        "fulltext_only": SystemRun(ranked={f"q{n}": half for n in range(4)}),
        "vector_only": SystemRun(ranked={f"q{n}": none for n in range(4)}),
    }
    kept = {
        "retentia": SystemRun(ranked={"s0": ["noise#0"], "s1": ["old#0"]}),
        "fulltext_only": SystemRun(ranked={"s0": ["old#0"], "s1": ["old#0"]}),
        "vector_only": SystemRun(ranked={"s0": none, "s1": none}),
    }
    splits = split_figures(items, stable, runs, kept, ["fulltext_only", "vector_only"])
    assert list(splits) == ["all", "tune", "report"]
    assert splits["tune"]["questions"] == 2 and splits["tune"]["stable"] == 1
    tune = splits["tune"]["systems"]["retentia"]
    assert tune["turn_recall@10"] == 1.0 and tune["turn_newest_first@5"] == 1.0
    assert tune["stale_in_top5"] == 1.0 and tune["stable_fact@5"] == 0.0
    assert splits["report"]["guard"]["margin"] == 0.0 and splits["report"]["guard"]["holds"]
    assert splits["all"]["guard"]["fused"] == 0.75
    assert splits["all"]["guard"]["best_leg"] == "fulltext_only"
    # On the stable fixtures retentia misses every gold turn of s0 (the tune split) where the
    # full-text leg alone finds one.
    assert not splits["tune"]["stable_guard"]["holds"]
    assert splits["report"]["stable_guard"]["holds"]
    assert guard_failures(splits) == ["stable all", "stable tune"]


def test_field_scores_collapse_turns_to_sessions_and_read_gold_turns() -> None:
    """Session level: the gold sessions among the sessions of the ranked turns, in order of
    first appearance; turn level: the `has_answer` turns."""
    figures = field_scores(item(), ["noise#0", "new#1", "noise#1", "old#0", "new#0"])
    session, turn = figures["session"], figures["turn"]
    assert session is not None and turn is not None
    assert session["recall_any@1"] == 0.0 and session["mrr"] == 0.5  # noise, new, old
    assert session["recall_all@5"] == 1.0 and session["recall@1"] == 0.0
    assert turn["mrr"] == 0.25 and turn["recall@5"] == 1.0  # old#0 fourth, new#0 fifth
    assert turn["recall_all@1"] == 0.0


def test_turn_level_skips_a_question_without_gold_turns() -> None:
    """A question whose gold sessions mark no `has_answer` turn has session figures only, and
    the field report counts it among the skipped."""
    plain = Item(
        "plain",
        "?",
        AT,
        (Session("s", AT, (Turn("s#0", "s", "user: x", False),)),),
        ("s",),
        "multi-session",
    )
    assert field_scores(plain, ["s#0"])["turn"] is None
    run = SystemRun(ranked={"plain": ["s#0"]})
    report = field_figures([plain], {"retentia": run, "bm25": run})
    assert report["turn_level_skipped"] == ["plain"]
    overall = report["figures"]["all"]["overall"]
    assert overall["session"]["retentia"]["recall_any@1"] == 1.0
    assert overall["turn"]["retentia"] == {"questions": 0}


def test_field_figures_split_by_position_in_the_whole_file() -> None:
    """The split of a question is its position among the file's answerable questions, so a
    run over some types or the first questions splits them as the full run does."""
    even = replace(item("even"), position=4, qtype="multi-session")
    odd = replace(item("odd"), position=7)
    run = SystemRun(ranked={"even": ["old#0"], "odd": ["noise#0"]})
    report = field_figures([even, odd], {"retentia": run})
    sets = report["figures"]
    assert sets["tune"]["overall"]["session"]["retentia"]["recall_any@1"] == 1.0
    assert sets["report"]["overall"]["session"]["retentia"]["recall_any@1"] == 0.0
    assert set(sets["all"]) == {"overall", "multi-session", "knowledge-update"}
    assert report["by_type"] == {"multi-session": 1, "knowledge-update": 1}


def test_the_full_set_is_read_with_sessions_stored_once(tmp_path: Path) -> None:
    """Abstentions are skipped, `types` keeps the types asked for, each question keeps its
    position among the file's answerable questions, and an unknown type is refused by name."""

    def question(qid: str, qtype: str, gold: list[str]) -> dict[str, object]:
        return {
            "question_id": qid,
            "question_type": qtype,
            "question": f"{qid}?",
            "question_date": "2023/05/30 (Tue) 10:00",
            "answer": "x",
            "answer_session_ids": gold,
            "haystack_dates": ["2023/05/02 (Tue) 09:00", "2023/05/01 (Mon) 09:00"],
            "haystack_session_ids": ["b", "a"],
        }

    data = {
        "questions": [
            question("q1", "multi-session", ["a", "b"]),
            question("q2_abs", "multi-session", ["a"]),
            question("q3", "single-session-user", ["b"]),
        ],
        "sessions": {
            "a": [{"role": "user", "content": "hi", "has_answer": True}],
            "b": [{"role": "user", "content": "yo"}, {"role": "assistant", "content": "ok"}],
        },
    }
    path = tmp_path / "lme.json.gz"
    with gzip.open(path, "wt") as out:
        json.dump(data, out)

    every = load_items(path, None)
    assert [(i.qid, i.position, i.qtype) for i in every] == [
        ("q1", 0, "multi-session"),
        ("q3", 1, "single-session-user"),
    ]
    first = every[0]
    assert [s.id for s in first.sessions] == ["a", "b"]  # in date order
    assert first.gold == ("a", "b") and [t.key for t in first.turns if t.gold] == ["a#0"]
    assert first.turns[1].content == "user: yo"
    assert [i.qid for i in load_items(path, None, {"single-session-user"})] == ["q3"]
    assert load_items(path, None, {"single-session-user"})[0].position == 1
    with pytest.raises(SystemExit, match="unknown question type"):
        load_items(path, None, {"temporal"})


def test_a_question_dated_before_part_of_its_haystack_is_asked_after_it(tmp_path: Path) -> None:
    """The cleaned release dates some questions earlier on the day than one of their own gold
    sessions; recall as of the stated minute could not see that session (while BM25, which has
    no clock, could), so the question is asked as of its haystack's last session instead, and
    the stated date is kept for the report. A question dated after its haystack is unchanged."""
    data = {
        "questions": [
            {
                "question_id": f"q{n}",
                "question_type": "temporal-reasoning",
                "question": "When?",
                "question_date": asked,
                "answer": "x",
                "answer_session_ids": ["late"],
                "haystack_dates": ["2023/05/24 (Wed) 07:00", "2023/05/24 (Wed) 16:56"],
                "haystack_session_ids": ["early", "late"],
            }
            for n, asked in enumerate(["2023/05/24 (Wed) 14:01", "2023/05/24 (Wed) 18:00"])
        ],
        "sessions": {
            "early": [{"role": "user", "content": "hi"}],
            "late": [{"role": "user", "content": "then", "has_answer": True}],
        },
    }
    path = tmp_path / "lme.json.gz"
    with gzip.open(path, "wt") as out:
        json.dump(data, out)

    before, after = load_items(path, None)
    late = before.sessions[-1].at
    assert before.asked_at == late and before.stated_at == datetime(2023, 5, 24, 14, 1, tzinfo=UTC)
    assert after.asked_at == datetime(2023, 5, 24, 18, 0, tzinfo=UTC) and after.stated_at is None
