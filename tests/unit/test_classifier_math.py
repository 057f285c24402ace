"""The prototype classifier's vector arithmetic: a unit vector and a dot product."""

from __future__ import annotations

import math
import random

import pytest

from service.adapters.classifier import _dot, _normalised


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
