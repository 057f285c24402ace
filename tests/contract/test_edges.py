"""Typed edges: validated before writing, nothing written on error, idempotent, traversable
by depth, type and direction with the induced subgraph's edges."""

from __future__ import annotations

import pytest

from graph_backends import Backend
from schema import (
    Direction,
    EdgeCreator,
    EdgeKey,
    EdgeType,
    InvalidInput,
    Memory,
    MemoryEdge,
    NotFound,
    Tenant,
    build,
    new_memory_id,
)
from tests.factories import T0, edge, memories


async def test_link_to_missing_memory_writes_nothing(repository: Backend, tenant: Tenant) -> None:
    """A batch with one missing end fails whole and names the missing id."""
    a, b = memories(2)
    await repository.upsert_memories(tenant, [a, b])
    ghost = new_memory_id()
    with pytest.raises(NotFound) as caught:
        await repository.link(
            tenant, [edge(a, b, EdgeType.CAUSED_BY), edge(a, ghost, EdgeType.SUPPORTS)]
        )
    assert caught.value.key == ghost
    assert sum((await repository.stats(tenant)).edges.values()) == 0


def test_unknown_edge_type_and_self_loop_are_invalid() -> None:
    a = new_memory_id()
    with pytest.raises(InvalidInput, match="type"):
        build(MemoryEdge, source=a, target=new_memory_id(), type="LIKES", created_at=T0)
    with pytest.raises(InvalidInput, match="itself"):
        build(MemoryEdge, source=a, target=a, type="CAUSED_BY", created_at=T0)
    with pytest.raises(InvalidInput, match="weight"):
        build(
            MemoryEdge,
            source=a,
            target=new_memory_id(),
            type="CAUSED_BY",
            created_at=T0,
            weight=2.0,
        )


async def test_mixed_type_batch_links_all(repository: Backend, tenant: Tenant) -> None:
    a, b, c = memories(3)
    await repository.upsert_memories(tenant, [a, b, c])
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.CAUSED_BY, reason="because"),
            edge(b, c, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO, weight=0.4),
            edge(c, a, EdgeType.TEMPORAL_SEQUENCE),
        ],
    )
    stats = await repository.stats(tenant)
    assert stats.edges[EdgeType.CAUSED_BY] == 1
    assert stats.edges[EdgeType.RELATED_TO] == 1
    assert stats.edges[EdgeType.TEMPORAL_SEQUENCE] == 1
    sub = await repository.traverse(
        tenant,
        a.id,
        depth=1,
        edge_types=[EdgeType.RELATED_TO, EdgeType.CAUSED_BY],
        direction=Direction.BOTH,
    )
    assert {m.id for m in sub.nodes} == {a.id, b.id}
    (only,) = sub.edges
    assert (only.type, only.reason, only.created_by) == (
        EdgeType.CAUSED_BY,
        "because",
        EdgeCreator.WRITER,
    )


async def test_relinking_refreshes_instead_of_duplicating(
    repository: Backend, tenant: Tenant
) -> None:
    a, b = memories(2)
    await repository.upsert_memories(tenant, [a, b])
    await repository.link(tenant, [edge(a, b, EdgeType.SUPPORTS, weight=0.2)])
    await repository.link(tenant, [edge(a, b, EdgeType.SUPPORTS, weight=0.9)])
    sub = await repository.traverse(tenant, a.id, depth=1, edge_types=[], direction=Direction.OUT)
    (only,) = sub.edges
    assert only.weight == pytest.approx(0.9)


async def test_unlink_reports_what_existed(repository: Backend, tenant: Tenant) -> None:
    a, b = memories(2)
    await repository.upsert_memories(tenant, [a, b])
    await repository.link(tenant, [edge(a, b, EdgeType.CAUSED_BY)])
    keys = [
        EdgeKey(source=a.id, target=b.id, type=EdgeType.CAUSED_BY),
        EdgeKey(source=b.id, target=a.id, type=EdgeType.CAUSED_BY),
    ]
    assert await repository.unlink(tenant, keys) == [True, False]
    assert await repository.unlink(tenant, keys) == [False, False]


async def test_traverse_respects_depth_direction_and_types(
    repository: Backend, tenant: Tenant
) -> None:
    """Chain a→b→c→d plus a CONTRADICTS side edge a→x and an extra b→d edge."""
    a, b, c, d, x = memories(5)
    await repository.upsert_memories(tenant, [a, b, c, d, x])
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.CAUSED_BY),
            edge(b, c, EdgeType.CAUSED_BY),
            edge(c, d, EdgeType.CAUSED_BY),
            edge(b, d, EdgeType.SUPPORTS),
            edge(a, x, EdgeType.CONTRADICTS),
        ],
    )

    async def reach(
        start: str, depth: int, types: list[EdgeType], direction: Direction
    ) -> set[str]:
        sub = await repository.traverse(
            tenant, start, depth=depth, edge_types=types, direction=direction
        )
        return {m.id for m in sub.nodes}

    causal = [EdgeType.CAUSED_BY]
    assert await reach(a.id, 0, causal, Direction.BOTH) == {a.id}
    assert await reach(a.id, 1, causal, Direction.OUT) == {a.id, b.id}
    assert await reach(a.id, 2, causal, Direction.OUT) == {a.id, b.id, c.id}
    assert await reach(a.id, 3, causal, Direction.OUT) == {a.id, b.id, c.id, d.id}
    assert await reach(a.id, 3, causal, Direction.IN) == {a.id}
    assert await reach(d.id, 2, causal, Direction.IN) == {d.id, c.id, b.id}
    assert await reach(a.id, 1, [], Direction.BOTH) == {a.id, b.id, x.id}
    assert await reach(a.id, 2, [EdgeType.CAUSED_BY, EdgeType.SUPPORTS], Direction.OUT) == {
        a.id,
        b.id,
        c.id,
        d.id,
    }

    sub = await repository.traverse(
        tenant,
        a.id,
        depth=2,
        edge_types=[EdgeType.CAUSED_BY, EdgeType.SUPPORTS],
        direction=Direction.OUT,
    )
    # Induced subgraph: every followed-type edge among {a, b, c, d}, including c→d and b→d.
    assert {(e.source, e.target, e.type) for e in sub.edges} == {
        (a.id, b.id, EdgeType.CAUSED_BY),
        (b.id, c.id, EdgeType.CAUSED_BY),
        (b.id, d.id, EdgeType.SUPPORTS),
        (c.id, d.id, EdgeType.CAUSED_BY),
    }


async def test_traverse_bad_requests(repository: Backend, tenant: Tenant) -> None:
    (a,) = memories(1)
    await repository.upsert_memories(tenant, [a])
    with pytest.raises(NotFound):
        await repository.traverse(
            tenant, new_memory_id(), depth=1, edge_types=[], direction=Direction.BOTH
        )
    with pytest.raises(InvalidInput, match="depth"):
        await repository.traverse(tenant, a.id, depth=9, edge_types=[], direction=Direction.BOTH)
    with pytest.raises(InvalidInput, match="UUID"):
        await repository.traverse(tenant, "nope", depth=1, edge_types=[], direction=Direction.BOTH)


async def test_traverse_stops_at_max_nodes(repository: Backend, tenant: Tenant) -> None:
    hub, *spokes = memories(30)
    await repository.upsert_memories(tenant, [hub, *spokes])
    await repository.link(tenant, [edge(hub, s, EdgeType.RELATED_TO) for s in spokes])
    sub = await repository.traverse(
        tenant, hub.id, depth=1, edge_types=[], direction=Direction.BOTH, max_nodes=10
    )
    assert len(sub.nodes) == 10
    assert hub.id in {m.id for m in sub.nodes}


async def test_store_memories_writes_memories_and_edges_together(
    repository: Backend, tenant: Tenant
) -> None:
    """New memories and their edges (to each other and to existing memories) land in one atomic
    write; a missing end writes none of them."""
    (old,) = memories(1)
    await repository.upsert_memories(tenant, [old])
    a, b = memories(2)
    await repository.store_memories(
        tenant, [a, b], [edge(a, b, EdgeType.CAUSED_BY), edge(b, old, EdgeType.RELATED_TO)]
    )
    assert (await repository.stats(tenant)).memories == 3
    degrees = await repository.degrees(tenant, [a.id, b.id, old.id])
    assert [(d.kappa, d.delta) for d in degrees if d] == [(1, 1), (1, 2), (0, 1)]
    c, d = memories(2)
    ghost = new_memory_id()
    with pytest.raises(NotFound):
        await repository.store_memories(tenant, [c, d], [edge(c, ghost, EdgeType.SUPPORTS)])
    assert await repository.get_memories(tenant, [c.id, d.id]) == [None, None]


async def test_store_memories_keeps_the_auto_link_cap_in_the_write(
    repository: Backend, tenant: Tenant
) -> None:
    """With `auto_link_cap`, the database counts a target's machine-made RELATED_TO edges
    inside the write and creates auto-links into it only while under the cap (in the order
    given), whatever the caller believed; declared edges and other types are never capped, and
    the auto-links left out are answered."""
    hub, other = memories(2)
    await repository.store_memories(
        tenant, [hub, other], [edge(other, hub, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO)]
    )
    news = memories(4, start=T0.replace(year=2021))

    def auto(source: Memory, target: Memory = hub) -> MemoryEdge:
        return edge(source, target, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO)

    offered = [
        auto(news[0]),
        auto(news[1]),
        auto(news[2]),
        auto(news[0], other),
        edge(news[3], hub, EdgeType.RELATED_TO),  # declared by the writer: not capped
        edge(news[3], hub, EdgeType.SUPPORTS),
    ]
    refused = await repository.store_memories(tenant, news, offered, auto_link_cap=2)
    assert refused == [
        EdgeKey(source=news[1].id, target=hub.id, type=EdgeType.RELATED_TO),
        EdgeKey(source=news[2].id, target=hub.id, type=EdgeType.RELATED_TO),
    ]
    assert await repository.auto_link_inbound(tenant, [hub.id, other.id]) == [2, 1]
    edges = await repository.incident_edges(tenant, hub.id)
    assert {(e.source, e.type) for e in edges} == {
        (other.id, EdgeType.RELATED_TO),
        (news[0].id, EdgeType.RELATED_TO),
        (news[3].id, EdgeType.RELATED_TO),
        (news[3].id, EdgeType.SUPPORTS),
    }
    assert (await repository.stats(tenant)).memories == 6
    late = memories(1, start=T0.replace(year=2022))
    assert await repository.store_memories(tenant, late, [auto(late[0])], auto_link_cap=2) == [
        EdgeKey(source=late[0].id, target=hub.id, type=EdgeType.RELATED_TO)
    ]
    assert await repository.store_memories(tenant, [], [], auto_link_cap=2) == []


async def test_adjacent_by_one_type_and_by_several(repository: Backend, tenant: Tenant) -> None:
    """Neighbours either direction over the given types only: one type (a session walk, a
    typed pattern) and several (the cascade, a filter) agree with the edges written."""
    a, b, c, d, e = memories(5)
    await repository.upsert_memories(tenant, [a, b, c, d, e])
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.TEMPORAL_SEQUENCE),
            edge(c, a, EdgeType.TEMPORAL_SEQUENCE),
            edge(a, d, EdgeType.SUPPORTS),
            edge(e, a, EdgeType.CAUSED_BY),
            edge(b, c, EdgeType.CONTRADICTS),
        ],
    )
    store = repository
    ids = [a.id, b.id, new_memory_id()]
    assert await store.adjacent(tenant, ids, {EdgeType.TEMPORAL_SEQUENCE}) == {
        a.id: sorted([b.id, c.id]),
        b.id: [a.id],
    }
    assert await store.adjacent(tenant, ids, {EdgeType.SUPPORTS, EdgeType.CAUSED_BY}) == {
        a.id: sorted([d.id, e.id])
    }
    assert await store.adjacent(tenant, [b.id], {EdgeType.CONTRADICTS}) == {b.id: [c.id]}


async def test_adjacent_around_lists_two_hops_of_a_walk_in_one_read(
    repository: Backend, tenant: Tenant
) -> None:
    """A session a–b–c–d–e and an unrelated edge from c: around [a] holds the neighbour lists
    of a and of b (a's only neighbour) over that type, nothing further; around [c] those of c,
    b and d; an unknown id and a memory without such edges are absent."""
    a, b, c, d, e, f = memories(6)
    await repository.upsert_memories(tenant, [a, b, c, d, e, f])
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.TEMPORAL_SEQUENCE),
            edge(b, c, EdgeType.TEMPORAL_SEQUENCE),
            edge(c, d, EdgeType.TEMPORAL_SEQUENCE),
            edge(d, e, EdgeType.TEMPORAL_SEQUENCE),
            edge(c, f, EdgeType.SUPPORTS),
        ],
    )
    store = repository
    walk = EdgeType.TEMPORAL_SEQUENCE
    assert await store.adjacent_around(tenant, [a.id], walk) == {
        a.id: [b.id],
        b.id: sorted([a.id, c.id]),
    }
    assert await store.adjacent_around(tenant, [c.id, f.id, new_memory_id()], walk) == {
        c.id: sorted([b.id, d.id]),
        b.id: sorted([a.id, c.id]),
        d.id: sorted([c.id, e.id]),
    }
    assert await store.adjacent_around(tenant, [], walk) == {}
    # The same lists as `adjacent` on each memory it names, read one hop at a time.
    around = await store.adjacent_around(tenant, [e.id, b.id], walk)
    assert around == await store.adjacent(tenant, sorted(around), {walk})
