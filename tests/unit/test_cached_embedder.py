"""The embedder's cache of recent texts: a hit is the model's own vector, and an erase drops the
texts it names (they are erased content) so the next one is computed again."""

from __future__ import annotations

from collections.abc import Sequence

from service.adapters.embedding import CachedEmbedder, ForgetsTexts
from tests.engine_support import HashEmbedder, Vector


class Counting(HashEmbedder):
    def __init__(self) -> None:
        self.asked: list[str] = []

    async def embed(self, texts: Sequence[str]) -> list[Vector]:
        self.asked += texts
        return await super().embed(texts)


async def test_forget_drops_the_texts_it_picks() -> None:
    inner = Counting()
    cached = CachedEmbedder(inner)
    assert isinstance(cached, ForgetsTexts)
    first = await cached.embed(["Zoe Smith has diabetes", "the deploy failed"])
    assert cached.forget(lambda text: "zoe" in text.lower()) == 1
    again = await cached.embed(["Zoe Smith has diabetes", "the deploy failed"])
    assert again == first
    assert inner.asked == ["Zoe Smith has diabetes", "the deploy failed", "Zoe Smith has diabetes"]
