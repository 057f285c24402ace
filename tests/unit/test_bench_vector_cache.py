"""The benches' vector cache: what one run saves the next reads back, for the same embedder
only, keyed so that one long text does not widen every key (a 10.4 GB file for LongMemEval's
33,816 texts when the texts themselves were the keys)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench.harness.locomo_data import load_vector_cache, save_vector_cache


def test_vectors_come_back_for_the_same_embedder_only(tmp_path: Path) -> None:
    cache = tmp_path / "vectors.npz"
    long = "word " * 20_000
    vectors = {"short": (0.25, 0.5), long: (1.0, -1.0), "café": (0.0, 2.0)}
    save_vector_cache(cache, "model-a", vectors)

    assert cache.stat().st_size < 10_000  # a long text costs its key, not every key
    got = load_vector_cache(cache, "model-a", ["café", long, "never saved"])
    assert got == {"café": (0.0, 2.0), long: (1.0, -1.0)}
    assert load_vector_cache(cache, "model-b", ["short"]) == {}
    assert load_vector_cache(tmp_path / "missing.npz", "model-a", ["short"]) == {}


def test_a_cache_keyed_by_the_texts_themselves_is_still_read(tmp_path: Path) -> None:
    cache = tmp_path / "old.npz"
    with cache.open("wb") as out:
        np.savez(
            out,
            embedder=np.asarray("model-a"),
            texts=np.asarray(["short", "other"]),
            vectors=np.asarray([[0.25, 0.5], [1.0, 0.0]], dtype=np.float32),
        )
    assert load_vector_cache(cache, "model-a", ["short"]) == {"short": pytest.approx((0.25, 0.5))}
