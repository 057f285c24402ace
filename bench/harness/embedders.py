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
        # Read through, not copied: a bench's table turns a row into a tuple only when asked
        # (copying LongMemEval-S's ~200k vectors into tuples took ~2 GB); what is embedded or
        # primed later goes into `_added`.
        alike = embeds_queries_alike(inner.name)
        passages = [vectors, queries or {}] if alike else [vectors]
        self._layers: dict[Role, list[Mapping[str, Vector]]] = {
            "passage": passages,
            "query": passages if alike else [queries or {}],
        }
        added: dict[str, Vector] = {}
        self._added: dict[Role, dict[str, Vector]] = {
            "passage": added,
            "query": added if alike else {},  # one mapping: primed for both
        }
        self._owns_inner = owns_inner
        self.misses = 0

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    def prime(self, text: str, vector: Vector, *, role: Role = "passage") -> None:
        self._added[role][text] = vector

    def _known(self, role: Role, text: str) -> Vector | None:
        if (vector := self._added[role].get(text)) is not None:
            return vector
        for layer in self._layers[role]:
            if text in layer:
                return layer[text]
        return None

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        missing = [t for t in dict.fromkeys(texts) if self._known(role, t) is None]
        if missing:
            self.misses += len(missing)
            computed = await self._inner.embed(missing, role=role)
            self._added[role].update(zip(missing, computed, strict=True))
        found = [self._known(role, t) for t in texts]
        return [v for v in found if v is not None]

    async def aclose(self) -> None:
        if self._owns_inner:
            await self._inner.aclose()
