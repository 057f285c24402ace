"""The storage the lifecycle needs behaves the same on every backend: in-place updates keep
content and embedding, stale machine-made links are counted, removal impact names exactly the
neighbours a deletion orphans, tombstones and per-tenant configuration round-trip."""

from __future__ import annotations

from datetime import timedelta

from graph_backends import GraphRepository
from schema import (
    Direction,
    EdgeCreator,
    EdgeType,
    MemoryStatus,
    Tenant,
    Tombstone,
    new_memory_id,
)
from tests.factories import T0, edge, memories, memory


async def test_update_keeps_content_and_embedding(
    repository: GraphRepository, tenant: Tenant
) -> None:
    original = memory("keep me", summary="old", seed=7)
    await repository.upsert_memories(tenant, [original])
    changed = original.model_copy(
        update={
            "status": MemoryStatus.EPISODIC,
            "summary": None,
            "pinned": True,
            "irrelevance_counter": 2,
        }
    )
    ghost = memory("never stored")
    assert await repository.update_memories(tenant, [changed, ghost]) == [True, False]
    (got,) = await repository.get_memories(tenant, [original.id], with_embeddings=True)
    assert got is not None and got.embedding is not None
    assert (got.content, got.summary, got.status, got.pinned, got.irrelevance_counter) == (
        "keep me",
        None,
        MemoryStatus.EPISODIC,
        True,
        2,
    )
    assert original.embedding is not None
    hits = await repository.vector_search(tenant, original.embedding, 1)
    assert hits[0].memory_id == original.id
    assert await repository.get_memories(tenant, [ghost.id]) == [None]


async def test_stale_auto_links_and_inbound_counts(
    repository: GraphRepository, tenant: Tenant
) -> None:
    a, b, c, d = memories(4)
    await repository.upsert_memories(tenant, [a, b, c, d])
    old, fresh = T0 - timedelta(days=200), T0
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO, last_validated_at=old),
            edge(c, b, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO, last_validated_at=fresh),
            edge(d, b, EdgeType.RELATED_TO, created_by=EdgeCreator.WRITER, last_validated_at=old),
        ],
    )
    cut = T0 - timedelta(days=90)
    assert await repository.stale_auto_links(tenant, cut) == {a.id: 1, b.id: 1}
    assert await repository.stale_auto_links(tenant, cut, [b.id, c.id]) == {b.id: 1}
    assert await repository.auto_link_inbound(tenant, [b.id, a.id, b.id]) == [2, 0, 2]


async def test_removal_impact_names_exactly_the_new_orphans(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """hub—x (only edge), hub—y and y—z (y survives), hub→w by CONTRADICTS (not supportive)."""
    hub, x, y, z, w = memories(5)
    await repository.upsert_memories(tenant, [hub, x, y, z, w])
    await repository.link(
        tenant,
        [
            edge(hub, x, EdgeType.CAUSED_BY),
            edge(x, hub, EdgeType.RELATED_TO),
            edge(hub, y, EdgeType.SUPPORTS),
            edge(y, z, EdgeType.DERIVED_FROM),
            edge(hub, w, EdgeType.CONTRADICTS),
        ],
    )
    predicted = await repository.removal_impact(tenant, hub.id)
    assert predicted == [x.id]
    before = set(await repository.orphans(tenant))
    await repository.delete_memories(tenant, [hub.id])
    assert set(await repository.orphans(tenant)) - before == set(predicted)


async def test_neighbourhood_hops_and_incident_edges(
    repository: GraphRepository, tenant: Tenant
) -> None:
    a, b, c, d = memories(4)
    await repository.upsert_memories(tenant, [a, b, c, d])
    await repository.link(
        tenant,
        [
            edge(a, b, EdgeType.SUPPORTS),
            edge(c, b, EdgeType.RELATED_TO),
            edge(c, d, EdgeType.CONTRADICTS),
        ],
    )
    hops = await repository.neighbourhood(
        tenant,
        a.id,
        depth=2,
        edge_types=[EdgeType.SUPPORTS, EdgeType.RELATED_TO],
        direction=Direction.BOTH,
    )
    assert hops == {a.id: 0, b.id: 1, c.id: 2}
    incident = await repository.incident_edges(tenant, c.id)
    assert {(e.source, e.target, e.type) for e in incident} == {
        (c.id, b.id, EdgeType.RELATED_TO),
        (c.id, d.id, EdgeType.CONTRADICTS),
    }


async def test_listing_by_status_and_all(repository: GraphRepository, tenant: Tenant) -> None:
    stored = memories(5)
    stored[1] = stored[1].model_copy(update={"status": MemoryStatus.CORE})
    stored[3] = stored[3].model_copy(update={"status": MemoryStatus.CORE})
    await repository.upsert_memories(tenant, stored)
    core = await repository.memories_with_status(tenant, [MemoryStatus.CORE])
    assert [m.id for m in core] == [stored[3].id, stored[1].id]
    assert {m.id for m in await repository.all_memories(tenant)} == {m.id for m in stored}


async def test_tombstones_and_config_round_trip(
    repository: GraphRepository, tenant: Tenant
) -> None:
    stone = Tombstone(
        id=new_memory_id(), superseded_by=new_memory_id(), content_hash="abc", deleted_at=T0
    )
    await repository.write_tombstones(tenant, [stone])
    await repository.write_tombstones(tenant, [stone])
    assert await repository.get_tombstones(tenant, [new_memory_id(), stone.id]) == [None, stone]
    assert await repository.get_config(tenant, "core_preferences") is None
    await repository.put_config(tenant, "core_preferences", '{"auto": ["x"]}')
    await repository.put_config(tenant, "core_preferences", '{"auto": []}')
    assert await repository.get_config(tenant, "core_preferences") == '{"auto": []}'
