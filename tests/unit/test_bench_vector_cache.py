"""The benches' vector cache: what one run saves the next reads back, for the same embedder
only (two embedders' vectors live side by side in one file and never serve each other), keyed
so that one long text does not widen every key (a 10.4 GB file for LongMemEval's 33,816 texts
when the texts themselves were the keys), and a run embeds only what the file lacks."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from bench.harness.embedders import PrimedEmbedder
from bench.harness.vector_cache import (
    embed_all,
    load_vector_cache,
    query_vectors,
    save_vector_cache,
)
from service.adapters.embedding import Vector


class CountingEmbedder:
    """A deterministic two-dimensional embedder that counts the texts it is asked for."""

    def __init__(self, name: str, sign: float = 1.0) -> None:
        self._name = name
        self._sign = sign
        self.asked: list[str] = []

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return 2

    async def embed(self, texts: Sequence[str], *, role: str = "passage") -> list[Vector]:
        del role  # the same vectors whatever the texts are for
        self.asked += texts
        return [(self._sign * len(t), 1.0) for t in texts]

    async def aclose(self) -> None:
        return None


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


def test_a_second_embedder_is_kept_beside_the_first(tmp_path: Path) -> None:
    cache = tmp_path / "vectors.npz"
    save_vector_cache(cache, "model-a", {"text": (1.0, 0.0)})
    save_vector_cache(cache, "model-b", {"text": (0.0, 1.0)})
    assert load_vector_cache(cache, "model-a", ["text"]) == {"text": (1.0, 0.0)}
    assert load_vector_cache(cache, "model-b", ["text"]) == {"text": (0.0, 1.0)}


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


def test_a_run_embeds_only_what_the_cache_lacks_for_its_embedder(tmp_path: Path) -> None:
    """Each distinct text once; the next run with the same embedder embeds nothing new, one
    with more texts only those, and another embedder gets its own vectors from its model."""
    cache = tmp_path / "vectors.npz"
    first = CountingEmbedder("model-a")
    table = asyncio.run(embed_all(first, ["ab", "c", "ab"], cache))
    assert first.asked == ["ab", "c"] and table["ab"] == (2.0, 1.0) and len(table) == 2

    again = CountingEmbedder("model-a")
    table = asyncio.run(embed_all(again, ["c", "ab", "def"], cache))
    assert again.asked == ["def"] and table["c"] == (1.0, 1.0) and table["def"] == (3.0, 1.0)

    other = CountingEmbedder("model-b", sign=-1.0)
    table = asyncio.run(embed_all(other, ["ab"], cache))
    assert other.asked == ["ab"] and table["ab"] == (-2.0, 1.0)
    assert load_vector_cache(cache, "model-a", ["ab", "c", "def"]) == {
        "ab": (2.0, 1.0),
        "c": (1.0, 1.0),
        "def": (3.0, 1.0),
    }


class InstructedEmbedder(CountingEmbedder):
    """Like bge: a query's vector is not its passage vector."""

    async def embed(self, texts: Sequence[str], *, role: str = "passage") -> list[Vector]:
        self.asked += texts
        return [(len(t), -1.0 if role == "query" else 1.0) for t in texts]


def test_query_vectors_are_cached_apart_only_where_they_differ(tmp_path: Path) -> None:
    cache = tmp_path / "vectors.npz"
    bge = InstructedEmbedder("local:bge-small-en-v1.5:int8")
    passages = asyncio.run(embed_all(bge, ["when did we move?"], cache))
    queries = asyncio.run(query_vectors(bge, ["when did we move?"], cache))
    assert queries is not None
    assert passages["when did we move?"] == (17.0, 1.0)
    assert queries["when did we move?"] == (17.0, -1.0)
    # A second run reads both back, each under its own name, and embeds nothing.
    again = InstructedEmbedder("local:bge-small-en-v1.5:int8")
    assert asyncio.run(query_vectors(again, ["when did we move?"], cache)) == queries
    assert asyncio.run(embed_all(again, ["when did we move?"], cache)) == passages
    assert again.asked == []
    # Where queries and passages share vectors, the passage vectors serve (no second set).
    assert asyncio.run(query_vectors(CountingEmbedder("local:all-MiniLM-L6-v2"), ["x"])) is None


def test_the_primed_embedder_serves_query_vectors_apart_where_they_differ() -> None:
    minilm = CountingEmbedder("local:all-MiniLM-L6-v2")
    primed = PrimedEmbedder(minilm, {"a": (9.0, 1.0)})
    assert asyncio.run(primed.embed(["a"], role="query")) == [(9.0, 1.0)]
    assert primed.misses == 0 and minilm.asked == []
    bge = InstructedEmbedder("local:bge-small-en-v1.5:int8")
    primed = PrimedEmbedder(bge, {"a": (9.0, 1.0)}, queries={"q?": (7.0, -1.0)})
    assert asyncio.run(primed.embed(["q?"], role="query")) == [(7.0, -1.0)]
    assert asyncio.run(primed.embed(["a"])) == [(9.0, 1.0)]
    # A passage asked for as a query is embedded as one, once.
    assert asyncio.run(primed.embed(["a", "a"], role="query")) == [(1.0, -1.0)] * 2
    assert primed.misses == 1 and bge.asked == ["a"]
