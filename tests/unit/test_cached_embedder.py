"""The embedder's cache of recent texts: a hit is the model's own vector for the same role (a
query's vector is not served for the same text as a passage), and an erase drops the texts it
names (they are erased content) so the next one is computed again."""

from __future__ import annotations

from collections.abc import Sequence

from service.adapters.embedding import CachedEmbedder, ForgetsTexts, Role
from tests.engine_support import HashEmbedder, Vector


class Counting(HashEmbedder):
    def __init__(self) -> None:
        self.asked: list[str] = []
        self.roles: list[Role] = []

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        self.asked += texts
        self.roles += [role] * len(texts)
        return await super().embed(texts, role=role)


async def test_forget_drops_the_texts_it_picks() -> None:
    inner = Counting()
    cached = CachedEmbedder(inner)
    assert isinstance(cached, ForgetsTexts)
    first = await cached.embed(["Zoe Smith has diabetes", "the deploy failed"])
    assert cached.forget(lambda text: "zoe" in text.lower()) == 1
    again = await cached.embed(["Zoe Smith has diabetes", "the deploy failed"])
    assert again == first
    assert inner.asked == ["Zoe Smith has diabetes", "the deploy failed", "Zoe Smith has diabetes"]


async def test_a_text_is_kept_per_role() -> None:
    """A text embedded as a query is computed as a query even when its passage vector is kept
    (bge embeds the two differently), and each is a hit for its own role afterwards."""
    inner = Counting()
    cached = CachedEmbedder(inner)
    await cached.embed(["where does Alice live?"])
    await cached.embed(["where does Alice live?"], role="query")
    await cached.embed(["where does Alice live?"], role="query")
    await cached.embed(["where does Alice live?"])
    assert inner.roles == ["passage", "query"]
    assert cached.forget(lambda text: "alice" in text.lower()) == 2
