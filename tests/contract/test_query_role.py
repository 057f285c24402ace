"""Recall and explain embed the query as a query, and stored memories as passages: with an
embedder that reads a query otherwise than a passage (as bge reads a query after an
instruction), a memory is found, and explained, through its query vector."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from graph_backends import Backend
from schema import Tenant
from service.adapters.embedding import Role, Vector
from service.usecases.explain import ExplainService
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.recall import RecallRequest, RecallService
from tests.engine_support import Clock, HashEmbedder


class ReadsQueriesItsOwnWay(HashEmbedder):
    """A bag of words whose query reading knows that a canine is a dog; a passage is read
    word for word."""

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        if role == "query":
            texts = [t.replace("canine", "dog") for t in texts]
        return await super().embed(texts)


@pytest.fixture
def memories(repository: Backend) -> MemoryService:
    return MemoryService(repository, ReadsQueriesItsOwnWay(), Clock())


async def test_the_query_is_embedded_as_a_query(memories: MemoryService, tenant: Tenant) -> None:
    stored = {}
    for text in ("the dog barked", "packing list: rope and stove", "the zebra escaped"):
        stored[text] = (await memories.store(tenant, StoreRequest(content=text))).memory.id
    recall = RecallService(memories.repository, memories.embedder, memories.now, memories.engine)
    result = await recall.recall(tenant, RecallRequest(query="canine", read_only=True))
    best = result.hits[0]
    assert best.memory.id == stored["the dog barked"] and best.similarity > 0.4
    explained = await ExplainService(memories, recall).explain(
        tenant, stored["the dog barked"], query="canine"
    )
    assert explained.relevance is not None and explained.relevance.cosine > 0.4
