"""A tenant never sees another tenant's memories, edges, degrees or search hits, even with
the other tenant's ids in hand."""

from __future__ import annotations

import pytest

from graph_backends import GraphRepository
from schema import Direction, EdgeType, InvalidInput, NotFound, Tenant, build
from tests.conftest import new_tenant
from tests.factories import edge, memories


async def test_tenants_are_isolated(repository: GraphRepository) -> None:
    alpha, beta = new_tenant(), new_tenant()
    for t in (alpha, beta):
        await repository.ensure_schema(t)
    try:
        a1, a2 = memories(2)
        await repository.upsert_memories(alpha, [a1, a2])
        await repository.link(alpha, [edge(a1, a2, EdgeType.CAUSED_BY)])
        (b1,) = memories(1)
        await repository.upsert_memories(beta, [b1])

        assert await repository.get_memories(beta, [a1.id, a2.id]) == [None, None]
        assert await repository.existing_ids(beta, [a1.id]) == frozenset()
        assert await repository.degrees(beta, [a1.id]) == [None]
        with pytest.raises(NotFound):
            await repository.traverse(beta, a1.id, depth=2, edge_types=[], direction=Direction.BOTH)
        with pytest.raises(NotFound):
            await repository.link(beta, [edge(b1, a1, EdgeType.SUPPORTS)])
        assert await repository.delete_memories(beta, [a1.id]) == [False]
        assert a1.embedding is not None
        assert {h.memory_id for h in await repository.vector_search(beta, a1.embedding, 10)} == {
            b1.id
        }
        assert await repository.fulltext_search(beta, "memory number 0", 10) == [
            h
            for h in await repository.fulltext_search(beta, "memory number 0", 10)
            if h.memory_id == b1.id
        ]
        stats = await repository.stats(beta)
        assert (stats.memories, sum(stats.edges.values()), stats.kappa_max) == (1, 0, 0)
        # alpha is untouched by everything beta tried
        assert (await repository.stats(alpha)).edges[EdgeType.CAUSED_BY] == 1
        assert len([m for m in await repository.get_memories(alpha, [a1.id, a2.id]) if m]) == 2
    finally:
        for t in (alpha, beta):
            await repository.drop_tenant(t)


async def test_unknown_tenant_reads_as_empty(repository: GraphRepository) -> None:
    """A tenant that never wrote (no graph yet) answers reads without error."""
    ghost = new_tenant()
    assert (await repository.stats(ghost)).memories == 0
    assert await repository.orphans(ghost) == []
    assert await repository.recent_memories(ghost, limit=5) == []


@pytest.mark.parametrize(
    ("org", "project"),
    [
        ("a:b", "c"),
        ("a", "b:c"),
        ("", "p"),
        ("o", ""),
        ("../x", "p"),
        ("o", "p p"),
        ("o" * 64, "p"),
        ("*", "p"),
        ("o", "retentia:other:graph"),
    ],
)
def test_invalid_tenant_names_are_rejected(org: str, project: str) -> None:
    """Names that could reach another tenant's graph key are refused with a typed error."""
    with pytest.raises(InvalidInput):
        build(Tenant, org=org, project=project)


def test_tenant_keys_are_injective() -> None:
    assert build(Tenant, org="a-b", project="c").key != build(Tenant, org="a", project="b-c").key
