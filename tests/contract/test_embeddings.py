"""A memory's embedding is optional, on every backend: one stored without an embedding, or
stored again without the one it had, reads back without one when embeddings are asked for,
beside memories that keep theirs, and the rest of it reads back unchanged."""

from __future__ import annotations

import pytest

from graph_backends import GraphRepository
from schema import Tenant
from tests.factories import memory


async def test_a_memory_without_an_embedding_reads_back_without_one(
    repository: GraphRepository, tenant: Tenant
) -> None:
    bare = memory("no vector here").model_copy(update={"embedding": None})
    embedded = memory("a vector here", seed=7)
    await repository.upsert_memories(tenant, [bare, embedded])
    got_bare, got_embedded = await repository.get_memories(
        tenant, [bare.id, embedded.id], with_embeddings=True
    )
    assert got_bare == bare
    assert got_embedded is not None and got_embedded.embedding is not None
    assert got_embedded.embedding == pytest.approx(embedded.embedding, abs=1e-6)


async def test_an_embedding_stored_again_as_none_is_gone(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """The memory's vector record stays, without a vector: it reads as no embedding."""
    original = memory("first with a vector", seed=3)
    await repository.upsert_memories(tenant, [original])
    bare = original.model_copy(update={"embedding": None})
    await repository.upsert_memories(tenant, [bare])
    (got,) = await repository.get_memories(tenant, [original.id], with_embeddings=True)
    assert got == bare
