"""The prototype classifier's vector arithmetic, and the weight a label's margin earns."""

from __future__ import annotations

import math
import random

import pytest

from schema import Category
from service.adapters.classifier import FULL_MARGIN, Assignment, Label, _dot, _normalised


def test_dot_and_norm_match_the_textbook_sums() -> None:
    rng = random.Random(7)
    for _ in range(50):
        a = [rng.uniform(-1, 1) for _ in range(384)]
        b = [rng.uniform(-1, 1) for _ in range(384)]
        assert _dot(a, b) == pytest.approx(sum(x * y for x, y in zip(a, b, strict=True)))
        unit = _normalised(a)
        assert math.sqrt(sum(x * x for x in unit)) == pytest.approx(1.0)
        assert _dot(unit, a) == pytest.approx(math.sqrt(sum(x * x for x in a)))
    assert _normalised([0.0, 0.0]) == (0.0, 0.0)


def test_dot_refuses_vectors_of_different_dimensions() -> None:
    with pytest.raises(ValueError, match="3 and 2 dimensions"):
        _dot([1.0, 2.0, 3.0], [1.0, 2.0])


def test_a_narrow_label_shares_its_weight_with_other() -> None:
    """A label's weight is its lead over the runner-up as a share of `FULL_MARGIN`; the rest
    is `other`'s. From `FULL_MARGIN` up, and for `other` itself, the category stands alone."""
    half = Label(Category.HOBBIES_RECREATION, 0.4, FULL_MARGIN / 2).assignment()
    assert half.category is Category.HOBBIES_RECREATION
    assert half.weights == pytest.approx({Category.HOBBIES_RECREATION: 0.5, Category.OTHER: 0.5})
    assert sum(half.weights.values()) == pytest.approx(1.0)
    clear = Label(Category.OBLIGATIONS, 0.5, FULL_MARGIN * 1.5).assignment()
    assert clear == Assignment(Category.OBLIGATIONS)
    assert Label(Category.OTHER, 0.2, 0.01).assignment() == Assignment(Category.OTHER)
