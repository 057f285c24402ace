"""The number-heavy conversations of bench/harness/numbers_data.py (issue 51): the same for a
seed, two families with no phrasing in common, labels that say which turns hold a slot's newest
value, and bench/number_heavy.py's per-question figures."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from bench.harness.numbers_data import (
    FAMILIES,
    MONTHS,
    START,
    Conversation,
    Question,
    conversations,
    load_family,
    true_updates,
    value_changes,
)
from bench.number_heavy import question_figures

_DATE = re.compile(rf"^(?:{'|'.join(MONTHS)}) \d{{1,2}}(?:st|nd|rd|th)?$")


@pytest.fixture(scope="module")
def generated() -> dict[str, list[Conversation]]:
    return {name: conversations(name, 3, seed=7) for name in FAMILIES}


def _grams(line: str, n: int = 4) -> set[tuple[str, ...]]:
    tokens = re.findall(r"\{[vn]\}|[\w']+", line.lower())
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def test_the_same_seed_gives_the_same_conversations() -> None:
    assert conversations("tune", 2, seed=7) == conversations("tune", 2, seed=7)
    assert conversations("tune", 2, seed=7) != conversations("tune", 2, seed=8)
    # conversation i does not depend on how many are asked for
    assert conversations("report", 1, seed=7)[0] == conversations("report", 3, seed=7)[0]


def test_the_two_families_share_no_attribute_and_no_phrasing() -> None:
    tune, report = load_family("tune"), load_family("report")
    assert not {s.id for s in tune.slots} & {s.id for s in report.slots}
    assert not {s.attribute for s in tune.slots} & {s.attribute for s in report.slots}
    assert not set(tune.lines()) & set(report.lines())
    tune_grams = set().union(*(_grams(line) for line in tune.lines()))
    report_grams = set().union(*(_grams(line) for line in report.lines()))
    assert not tune_grams & report_grams  # not even four words in a row


def test_sessions_alternate_user_and_assistant_from_2024_01_08(
    generated: dict[str, list[Conversation]],
) -> None:
    for conv in generated["tune"]:
        assert 35 <= len(conv.sessions) <= 45
        assert conv.sessions[0].at.date() == START.date() == datetime(2024, 1, 8, tzinfo=UTC).date()
        for before, after in zip(conv.sessions, conv.sessions[1:], strict=False):
            assert after.at - before.at >= timedelta(days=1)  # a few days apart
        for session in conv.sessions:
            assert 6 <= len(session.turns) <= 12
            assert session.at.tzinfo is not None
            for i, turn in enumerate(session.turns):
                assert turn.key == f"{session.id}#{i}" and turn.session == session.id
                assert turn.role == ("user" if i % 2 == 0 else "assistant")
                assert turn.content.startswith(f"{turn.role}: ")
                assert (turn.kind == "reply") == (turn.role == "assistant")


def _value_turns(conv: Conversation, question: Question) -> list[str]:
    """The keys of the user turns saying the question's slot's value, in order."""
    return [t.key for t in conv.turns if t.slot == question.slot and t.says_value]


def test_a_current_question_s_gold_is_the_newest_value_and_its_stale_turns_are_older(
    generated: dict[str, list[Conversation]],
) -> None:
    currents = 0
    for conv in (c for convs in generated.values() for c in convs):
        by_key = {t.key: t for t in conv.turns}
        for q in conv.questions:
            said = _value_turns(conv, q)
            assert q.gold | q.stale == set(said)
            if q.kind == "stable":
                assert not q.stale and {by_key[k].value for k in q.gold} == {by_key[said[0]].value}
                assert not any(by_key[k].kind == "update" for k in said)
                continue
            currents += 1
            newest = by_key[said[-1]].value
            assert {by_key[k].value for k in q.gold} == {newest}
            assert any(by_key[k].kind == "update" for k in q.gold)
            assert q.stale and newest not in {by_key[k].value for k in q.stale}
            assert max(said.index(k) for k in q.stale) < min(said.index(k) for k in q.gold)
            assert q.asked_at > conv.sessions[-1].at
    assert currents >= 4 * len(FAMILIES)


def test_true_updates_pair_only_turns_of_one_slot_with_different_values(
    generated: dict[str, list[Conversation]],
) -> None:
    for conv in (c for convs in generated.values() for c in convs):
        by_key = {t.key: t for t in conv.turns}
        order = {t.key: i for i, t in enumerate(conv.turns)}
        pairs = true_updates(conv)
        assert pairs
        for new, old in pairs:
            assert by_key[new].slot == by_key[old].slot is not None
            assert by_key[new].value != by_key[old].value
            assert by_key[new].role == by_key[old].role == "user"
            assert order[new] > order[old]
        for change in value_changes(conv):
            assert {(n, o) for n in change.newer for o in change.older} <= pairs


def test_most_user_turns_state_a_number(generated: dict[str, list[Conversation]]) -> None:
    for name, convs in generated.items():
        users = [t for c in convs for t in c.turns if t.role == "user"]
        numbered = [t for t in users if re.search(r"\d", t.content)]
        assert len(numbered) >= len(users) / 2, name


def test_dates_are_update_values(generated: dict[str, list[Conversation]]) -> None:
    for name, convs in generated.items():
        updates = [t for c in convs for t in c.turns if t.kind == "update"]
        dates = [t for t in updates if t.value is not None and _DATE.match(t.value)]
        assert dates, name
        assert all(t.value in t.content for t in dates)
        for conv in convs:
            assert any(ch.value_kind == "date" for ch in value_changes(conv))


def test_question_figures_score_the_newest_above_the_stale() -> None:
    at = datetime(2024, 6, 1, tzinfo=UTC)
    q = Question("c-x", "current", "x", "?", at, frozenset({"new"}), frozenset({"old"}))
    roles = {"new": "user", "old": "user", "reply": "assistant"}
    assert question_figures(q, ["new", "old"], roles) == {
        "recall@10": 1.0,
        "assistant_first": 0.0,
        "current_first@5": 1.0,
        "stale_in_top5": 1.0,
    }
    worse = question_figures(q, ["reply", "old", "new"], roles)
    assert worse["current_first@5"] == 0.0 and worse["assistant_first"] == 1.0
    stable = Question("c-y", "stable", "y", "?", at, frozenset({"new"}), frozenset())
    assert question_figures(stable, ["reply"], roles)["stable_in_top5"] == 0.0
