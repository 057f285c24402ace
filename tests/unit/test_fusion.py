"""Weighted reciprocal rank fusion (`service.engine.ranking.fused_scores`, issue 53): each leg
adds w_leg / (k + rank) to the memories it ranks; a leg the weights do not name weighs 1; a leg
of weight 0 lists its memories but moves none of them; the default (no weights) is plain RRF."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from service.engine.ranking import fuse, fused_scores
from service.engine.settings import EngineSettings


def test_unweighted_fusion_is_plain_rrf() -> None:
    """1 / (k + rank) summed over the legs: with k = 1, x (first of one leg) has 1/2, y
    (second of one, first of the other) 1/3 + 1/2."""
    scores = fused_scores({"a": ["x", "y"], "b": ["y"]}, k=1)
    assert scores == pytest.approx({"x": 1 / 2, "y": 1 / 3 + 1 / 2})


def test_a_legs_weight_scales_its_votes_and_unnamed_legs_weigh_one() -> None:
    """b at weight 0.5: y gets 1/3 from a and 0.5 × 1/2 from b; x keeps a's 1/2."""
    scores = fused_scores({"a": ["x", "y"], "b": ["y"]}, k=1, weights={"b": 0.5})
    assert scores["x"] == pytest.approx(0.5)
    assert scores["y"] == pytest.approx(1 / 3 + 0.25)
    assert fuse({"a": ["x", "y"], "b": ["y"]}, k=1, weights={"b": 0.5}) == ["y", "x"]
    assert fuse({"a": ["x", "y"], "b": ["y"]}, k=1, weights={"b": 0.2}) == ["x", "y"]


def test_a_leg_of_weight_zero_lists_its_memories_but_moves_none() -> None:
    """z, found only by the zero-weight leg, is listed last at 0; the others keep their order."""
    ranked = {"a": ["x", "y"], "c": ["z", "y"]}
    scores = fused_scores(ranked, k=5, weights={"c": 0.0})
    assert scores["z"] == 0.0
    assert fuse(ranked, k=5, weights={"c": 0.0}) == ["x", "y", "z"]


def test_at_weight_zero_the_category_leg_no_longer_outvotes_the_others() -> None:
    """The vector leg ranks `other` first, the full-text leg `gold`: a tie, broken by id. The
    category leg, which only re-orders candidates by similarity, repeats the vector leg's vote
    and puts `other` first; at weight 0 it decides nothing. The default is plain RRF (issue 53
    measured the weights and kept them off)."""
    ranked = {"vector": ["other", "gold"], "fulltext": ["gold", "other"], "category": ["other"]}
    assert fuse(ranked, 10, {"category": 0.0})[0] == "gold"
    assert fuse(ranked, 10)[0] == "other"
    s = EngineSettings()
    assert fuse(ranked, s.recall_rrf_k, s.recall_leg_weights) == fuse(ranked, 10)


def test_leg_weights_name_known_legs_and_are_not_negative() -> None:
    with pytest.raises(ValidationError, match="unknown legs"):
        EngineSettings(recall_leg_weights={"vectors": 1.0})
    with pytest.raises(ValidationError, match="0 or more"):
        EngineSettings(recall_leg_weights={"window": -0.5})
    with pytest.raises(ValidationError, match="0 or more"):
        EngineSettings(recall_leg_weights={"window": math.nan})
    assert EngineSettings(recall_leg_weights={}).recall_leg_weights == {}
