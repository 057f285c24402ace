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

from service.adapters.embedding import Embedder, Role, Vector, embeds_queries_alike


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

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        del role  # a text's hash is the same whatever it is for
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
    counted in `misses`. `vectors` are passage vectors, and serve queries too where the real
    embedder embeds both alike; for one that does not (bge) a query is served from `queries`
    or embedded as a query. With `owns_inner=False` closing it leaves the real embedder open
    (it belongs to the bench)."""

    def __init__(
        self,
        inner: Embedder,
        vectors: Mapping[str, Vector],
        *,
        queries: Mapping[str, Vector] | None = None,
        owns_inner: bool = True,
    ) -> None:
        self._inner = inner
        self._vectors: dict[Role, dict[str, Vector]] = {"passage": dict(vectors), "query": {}}
        if embeds_queries_alike(inner.name):
            self._vectors["query"] = self._vectors["passage"]  # one mapping: primed for both
        self._vectors["query"].update(queries or {})
        self._owns_inner = owns_inner
        self.misses = 0

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    def prime(self, text: str, vector: Vector, *, role: Role = "passage") -> None:
        self._vectors[role][text] = vector

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        known = self._vectors[role]
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            self.misses += len(missing)
            computed = await self._inner.embed(missing, role=role)
            known.update(zip(missing, computed, strict=True))
        return [known[t] for t in texts]

    async def aclose(self) -> None:
        if self._owns_inner:
            await self._inner.aclose()
