"""The two embedders the benches use instead of loading a model for every text: deterministic
hash vectors (no model at all) and a real model's vectors computed once and served again.

Both follow `service.adapters.embedding.Embedder`. `PrimedEmbedder` is not the service's
`CachedEmbedder` (a bounded cache of recent texts in front of the model): it serves vectors the
bench computed beforehand, so a run's store and recall times exclude the model.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence

import numpy as np

from service.adapters.embedding import Embedder, Vector


class HashEmbedder:
    """Deterministic unit vectors seeded by a hash of the text: no model, next to no cost.
    `texts` and `seconds` add up what it embedded, and the time it took."""

    def __init__(self, dimension: int) -> None:
        self._dimension = dimension
        self.texts = 0
        self.seconds = 0.0

    @property
    def name(self) -> str:
        return f"bench:hash-{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    async def embed(self, texts: Sequence[str]) -> list[Vector]:
        t0 = time.perf_counter()
        out: list[Vector] = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
            v = np.random.default_rng(seed).standard_normal(self._dimension)
            out.append(tuple(float(x) for x in v / np.linalg.norm(v)))
        self.texts += len(texts)
        self.seconds += time.perf_counter() - t0
        return out

    async def aclose(self) -> None:
        return None


class PrimedEmbedder:
    """The `Embedder` Protocol over precomputed vectors (the real embedder's name and dimension,
    so per-embedder floors apply); a text it has not seen is embedded by the real one and
    counted in `misses`. With `owns_inner=False` closing it leaves the real embedder open (it
    belongs to the bench)."""

    def __init__(
        self, inner: Embedder, vectors: Mapping[str, Vector], *, owns_inner: bool = True
    ) -> None:
        self._inner = inner
        self._vectors = dict(vectors)
        self._owns_inner = owns_inner
        self.misses = 0

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    def prime(self, text: str, vector: Vector) -> None:
        self._vectors[text] = vector

    async def embed(self, texts: Sequence[str]) -> list[Vector]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            self.misses += len(missing)
            self._vectors.update(zip(missing, await self._inner.embed(missing), strict=True))
        return [self._vectors[t] for t in texts]

    async def aclose(self) -> None:
        if self._owns_inner:
            await self._inner.aclose()
