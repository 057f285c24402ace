"""Native vector and full-text indexes: exact vectors are found, scores are similarities,
and full-text input is plain text whatever characters it holds; recall's candidates read as
their own fields."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import Category, InvalidInput, MemoryFacets, MemoryStatus, Tenant
from tests.factories import T0, memories, memory, unit_vector


async def test_vector_search_finds_each_exact_vector(repository: Backend, tenant: Tenant) -> None:
    """With efRuntime 100 every stored vector is its own nearest neighbour (similarity 1)."""
    stored = memories(120)
    await repository.upsert_memories(tenant, stored)
    for m in stored[::6]:
        assert m.embedding is not None
        hits = await repository.vector_search(tenant, m.embedding, 5)
        assert hits[0].memory_id == m.id
        assert hits[0].score == pytest.approx(1.0, abs=1e-4)
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


async def test_vector_search_rejects_wrong_dimension(repository: Backend, tenant: Tenant) -> None:
    with pytest.raises(InvalidInput, match="dimensions"):
        await repository.vector_search(tenant, [0.1, 0.2], 3)
    with pytest.raises(InvalidInput, match="k"):
        await repository.vector_search(tenant, unit_vector(1), 0)


async def test_fulltext_ranks_by_score(repository: Backend, tenant: Tenant) -> None:
    """Best first: a memory matching more of the query's words outranks one matching fewer."""
    strong = memory("the quarterly budget review with the finance team")
    weak = memory("a passing mention of the budget")
    other = memory("hiking in the alps")
    await repository.upsert_memories(tenant, [strong, weak, other])
    hits = await repository.fulltext_search(tenant, "quarterly budget review", 10)
    assert [h.memory_id for h in hits] == [strong.id, weak.id]
    assert hits[0].score > hits[1].score


async def test_fulltext_ranks_by_words_held_when_every_word_is_common(
    repository: Backend, tenant: Tenant
) -> None:
    """Every query word is in most memories, so BM25's idf gives them little or (SurrealDB,
    which clamps it at 0) no weight: the memories holding every word still come first, and
    their score says so (the window leg adds scores up)."""
    notes = [memory(f"note number {i} about nothing in particular") for i in range(6)]
    other = memory("A pinned fact about quantum computing")
    await repository.upsert_memories(tenant, [*notes, other])
    hits = await repository.fulltext_search(tenant, "note number about nothing", 10)
    assert {h.memory_id for h in hits[:6]} == {m.id for m in notes}
    assert all(h.score > 0 for h in hits[:6])
    assert other.id not in {h.memory_id for h in hits} or hits[6].score < hits[5].score


async def test_fulltext_weighs_rare_words_above_common_ones(
    repository: Backend, tenant: Tenant
) -> None:
    """A name few memories carry outranks short memories that share only a common word with
    the query (FalkorDB's own score has no IDF; the backend ranks by BM25)."""
    common = [memory(f"Melanie: Wow, did you make that? {n}") for n in range(12)]
    rare = memory(
        "Caroline: I went to an LGBTQ conference last week and it was so inspiring to meet "
        "everyone who came there from all over the country"
    )
    await repository.upsert_memories(tenant, [*common, rare])
    hits = await repository.fulltext_search(
        tenant, "When did Caroline go to the LGBTQ conference?", 5
    )
    assert hits[0].memory_id == rare.id


HOSTILE_QUERIES = [
    "world-wide",
    "123e4567-e89b-12d3-a456-426614174000",
    "path/to/file:42",
    '"unbalanced quote',
    "`backtick`",
    "@content:injected",
    "-negated | or (group",
    "*",
    "%fuzzy%",
    "{tag}",
    "~optional",
    "\\",
    "",
    "   ",
    "🎉",
    "x" * 5000,
    "a " * 500,
]


@pytest.mark.parametrize("query", HOSTILE_QUERIES, ids=range(len(HOSTILE_QUERIES)))
async def test_fulltext_query_is_plain_text(
    repository: Backend, tenant: Tenant, query: str
) -> None:
    """No input is query syntax: nothing errors, and hyphens/UUIDs/slashes match as words."""
    await repository.upsert_memories(
        tenant,
        [
            memory("the world-wide web"),
            memory("ticket 123e4567-e89b-12d3-a456-426614174000 was closed"),
            memory("see path/to/file:42 for details"),
        ],
    )
    hits = await repository.fulltext_search(tenant, query, 5)
    assert len(hits) <= 5


async def test_fulltext_matches_hyphenated_words_and_uuids(
    repository: Backend, tenant: Tenant
) -> None:
    web = memory("the world-wide web")
    ticket = memory("ticket 123e4567-e89b-12d3-a456-426614174000 was closed")
    path = memory("see path/to/file:42 for details")
    await repository.upsert_memories(tenant, [web, ticket, path])
    assert (await repository.fulltext_search(tenant, "world-wide", 5))[0].memory_id == web.id
    uuid_hits = await repository.fulltext_search(tenant, "123e4567-e89b-12d3-a456-426614174000", 5)
    assert uuid_hits[0].memory_id == ticket.id
    assert (await repository.fulltext_search(tenant, "path/to/file:42", 5))[0].memory_id == path.id


async def test_memory_facets_are_the_memories_own_fields(
    repository: Backend, tenant: Tenant
) -> None:
    """What recall ranks by reads as the memory read whole would: every field set, and a
    memory with the defaults (nulls are not stored); other tenants' and unknown ids absent."""
    full = memory(
        "every facet set",
        seed=1,
        created_at=T0 + timedelta(microseconds=7),
        category=Category.HOBBIES_RECREATION,
        category_weights={Category.HOBBIES_RECREATION: 0.75, Category.OTHER: 0.25},
        status=MemoryStatus.CORE,
        pinned=True,
        last_accessed_at=T0 + timedelta(days=2, microseconds=3),
        event_time=T0 - timedelta(days=1),
        reactivation_timestamps=(T0 + timedelta(days=2, microseconds=3),),
    )
    plain = memory("defaults", seed=2)
    successor = memory("newer", seed=3)
    superseded = memory("older", seed=4, superseded_by=successor.id)
    stored = [full, plain, successor, superseded]
    await repository.upsert_memories(tenant, stored)
    elsewhere = Tenant(org=tenant.org, project=f"{tenant.project}-other")
    stranger = memory("another tenant's", seed=5)
    await repository.upsert_memories(elsewhere, [stranger])
    missing = "00000000-0000-4000-8000-000000000000"
    store = repository
    got = await store.memory_facets(tenant, [*(m.id for m in stored), stranger.id, missing])
    assert got == {m.id: MemoryFacets.of(m) for m in stored}
    assert got[full.id].category_weights == full.category_weights
    assert await store.memory_facets(tenant, []) == {}


async def test_similarities_are_the_cosine_of_the_stored_embeddings(
    repository: Backend, tenant: Tenant
) -> None:
    """The engine computes what Python would: cosine to each stored embedding."""
    stored = [memory(f"memory {n}", seed=n) for n in range(5)]
    await repository.upsert_memories(tenant, stored)
    query = unit_vector(99)
    missing = "00000000-0000-4000-8000-000000000000"
    got = await repository.similarities(tenant, [*(m.id for m in stored), missing], query)
    assert set(got) == {m.id for m in stored}
    for m in stored:
        assert m.embedding is not None
        expected = sum(a * b for a, b in zip(m.embedding, query, strict=True))
        assert got[m.id] == pytest.approx(expected, abs=1e-4)
    assert await repository.similarities(tenant, [], query) == {}
    with pytest.raises(InvalidInput, match="dimensions"):
        await repository.similarities(tenant, [stored[0].id], (1.0, 0.0))
