"""One supersession decision for every writer: identical facts are skipped, single-valued slots
are replaced by confident facts, multi-valued predicates accumulate, unconfident facts stand
beside the old value as soft conflicts; normalisation is one function; the effective-at
predicate includes the start and excludes the end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from schema import Category
from service.engine.supersession import (
    ActiveFact,
    Triple,
    conflict_key,
    decide,
    effective_at,
    normalise,
    single_valued,
)

T = datetime(2026, 3, 1, tzinfo=UTC)
FUNCTIONAL = ("works at", "lives in")


def test_normalisation_is_one_shared_function() -> None:
    assert normalise("  Alice   WORKS-at, Acme! ") == "alice works at acme"
    assert normalise("Ｃａｆé") == "café"


@given(st.text())
def test_normalisation_is_idempotent(text: str) -> None:
    assert normalise(normalise(text)) == normalise(text)


def test_conflict_keys() -> None:
    employer = Triple("Alice", "works at", "Acme")
    assert conflict_key(employer, Category.OTHER, FUNCTIONAL) == conflict_key(
        Triple("alice", "Works at", "Globex"), Category.OTHER, FUNCTIONAL
    )
    likes = Triple("Alice", "likes", "tea")
    assert conflict_key(likes, Category.OTHER, FUNCTIONAL) != conflict_key(
        Triple("Alice", "likes", "coffee"), Category.OTHER, FUNCTIONAL
    )
    # replace-semantics categories are single-valued whatever the predicate
    assert single_valued(Category.PREFERENCES_HABITS, "likes", FUNCTIONAL)
    assert not single_valued(Category.RELATIONAL_BONDS, "likes", FUNCTIONAL)


def test_employer_change_supersedes() -> None:
    old = ActiveFact("f1", Triple("Alice", "works at", "Acme"))
    d = decide(Triple("Alice", "works at", "Globex"), 0.9, Category.OTHER, [old])
    assert (d.outcome, d.others) == ("superseded", ("f1",))


def test_identical_fact_is_skipped() -> None:
    old = ActiveFact("f1", Triple("Alice", "works at", "Acme"))
    d = decide(Triple("alice", "Works at", "ACME."), 0.5, Category.OTHER, [old])
    assert (d.outcome, d.existing) == ("skipped", "f1")


def test_multi_valued_accumulates() -> None:
    # different objects never share a triple key: no active conflicts are passed in
    d = decide(Triple("Alice", "likes", "coffee"), 0.99, Category.OTHER, [])
    assert d.outcome == "inserted"


def test_low_confidence_is_a_soft_conflict_and_a_confident_one_supersedes() -> None:
    istanbul = ActiveFact("f1", Triple("Alice", "lives in", "Istanbul"))
    thinking = decide(Triple("Alice", "lives in", "London"), 0.4, Category.OTHER, [istanbul])
    assert (thinking.outcome, thinking.others) == ("soft_conflict", ("f1",))
    london = ActiveFact("f2", Triple("Alice", "lives in", "London"), confidence=0.4)
    # a confident "moved to London" confirms the tentative fact and closes Istanbul
    moved = decide(Triple("Alice", "lives in", "London"), 0.95, Category.OTHER, [istanbul, london])
    assert (moved.outcome, moved.others) == ("superseded", ("f1", "f2"))
    # restating the tentative fact, or a retry, changes nothing
    again = decide(Triple("Alice", "lives in", "London"), 0.4, Category.OTHER, [istanbul, london])
    assert again.outcome == "skipped" and again.existing == "f2"
    moved_on = decide(
        Triple("Alice", "lives in", "Paris"), 0.95, Category.OTHER, [istanbul, london]
    )
    assert (moved_on.outcome, moved_on.others) == ("superseded", ("f1", "f2"))


def test_accumulating_categories_need_more_confidence() -> None:
    old = ActiveFact("f1", Triple("Alice", "is", "an introvert"))
    assert (
        decide(
            Triple("Alice", "is", "an extrovert"), 0.9, Category.IDENTITY_SELF_CONCEPT, [old]
        ).outcome
        == "soft_conflict"
    )
    assert (
        decide(
            Triple("Alice", "is", "an extrovert"), 0.96, Category.IDENTITY_SELF_CONCEPT, [old]
        ).outcome
        == "superseded"
    )


def test_effective_at_boundaries() -> None:
    start, end = T, T + timedelta(days=10)
    kw = {"valid_from": start, "valid_to": end, "invalid_at": None}
    assert effective_at(start, **kw)
    assert not effective_at(end, **kw)
    assert not effective_at(start - timedelta(seconds=1), **kw)
    assert not effective_at(
        start + timedelta(days=1),
        valid_from=start,
        valid_to=None,
        invalid_at=start + timedelta(hours=1),
    )
    assert effective_at(start, valid_from=None, valid_to=None, invalid_at=start + timedelta(1))
