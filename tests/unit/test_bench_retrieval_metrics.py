"""The field's retrieval figures (bench/harness/retrieval_metrics.py), on rankings small enough
to check by hand: NDCG with binary relevance against its ideal order, recall_all only when
every gold unit is in, MRR from the first gold unit, sessions collapsed from turns where their
best turn ranks."""

from __future__ import annotations

import math

import pytest

from bench.harness.retrieval_metrics import (
    collapse,
    mean_figures,
    ndcg,
    recall_all,
    recall_any,
    recall_at,
    reciprocal_rank,
    unit_figures,
)

RANKED = ["a", "b", "c", "d"]
GOLD = {"b", "d"}


def test_recall_any_all_and_share() -> None:
    assert [recall_any(RANKED, GOLD, k) for k in (1, 2, 4)] == [0.0, 1.0, 1.0]
    assert [recall_all(RANKED, GOLD, k) for k in (1, 2, 3, 4)] == [0.0, 0.0, 0.0, 1.0]
    assert [recall_at(RANKED, GOLD, k) for k in (1, 2, 4)] == [0.0, 0.5, 1.0]


def test_ndcg_is_binary_dcg_over_the_ideal_order() -> None:
    """Gold at ranks 2 and 4: (1/log2 3 + 1/log2 5) / (1 + 1/log2 3) = 0.6509."""
    assert ndcg(RANKED, GOLD, 4) == pytest.approx(0.65092, abs=1e-5)
    assert ndcg(RANKED, GOLD, 1) == 0.0
    assert ndcg(["b", "d", "a"], GOLD, 3) == pytest.approx(1.0)  # the ideal order
    # More gold units than k: the ideal fills k, so one hit of three at rank 1 in k = 2
    # is 1 / (1 + 1/log2 3).
    assert ndcg(["a", "x"], {"a", "b", "c"}, 2) == pytest.approx(1 / (1 + 1 / math.log2(3)))
    assert ndcg(["x", "y"], {"a"}, 2) == 0.0


def test_reciprocal_rank_is_of_the_first_gold_unit_or_zero() -> None:
    assert reciprocal_rank(RANKED, GOLD) == 0.5
    assert reciprocal_rank(["d", "b"], GOLD) == 1.0
    assert reciprocal_rank(["x", "y", "z"], GOLD) == 0.0


def test_turns_collapse_to_sessions_in_order_of_first_appearance() -> None:
    turns = ["s2#4", "s1#0", "s2#1", "s3#7", "s1#2"]
    assert collapse(turns, lambda key: key.split("#")[0]) == ["s2", "s1", "s3"]


def test_unit_figures_count_a_repeated_unit_once() -> None:
    """A session ranked through two of its turns is one unit: s2 ranks second, not third."""
    sessions = ["s1", "s1", "s2"]
    figures = unit_figures(sessions, {"s2"}, ks=(1, 2))
    assert figures["recall_any@2"] == 1.0 and figures["mrr"] == 0.5
    assert figures["recall_any@1"] == 0.0 and figures["ndcg@2"] == pytest.approx(1 / math.log2(3))
    assert set(figures) == {
        *(f"{name}@{k}" for name in ("recall_any", "recall_all", "recall", "ndcg") for k in (1, 2)),
        "mrr",
    }


def test_no_gold_unit_is_refused_not_scored() -> None:
    """A question without gold units has no figure: the caller skips it (and counts it)."""
    with pytest.raises(ValueError, match="no gold units"):
        unit_figures(RANKED, set())


def test_means_are_over_questions() -> None:
    rows = [{"mrr": 1.0, "recall@1": 1.0}, {"mrr": 0.25, "recall@1": 0.0}]
    assert mean_figures(rows) == {"mrr": 0.625, "recall@1": 0.5, "questions": 2}
    assert mean_figures([]) == {"questions": 0}
