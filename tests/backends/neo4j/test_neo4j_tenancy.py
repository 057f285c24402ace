"""Neo4j keeps every tenant in one database, so tenancy rests on the `tenant` property alone.
Locked in here, on the real engine: two tenants holding the same memory ids never see or
change each other's data through any Protocol operation; a small tenant's vector search still
finds its nearest memories when another tenant crowds the shared index; tenant-scoped queries
seek an index instead of scanning a label; tenants are listed, and dropped one by one; a vector
index of another dimension and a dead server are reported as such."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from cypher import AnyQueryName, load
from devtools.neo4j_server import free_port
from graph_backends import (
    BackendUnavailable,
    GraphRepository,
    Neo4jConfig,
    SchemaMismatch,
    open_backend,
)
from graph_backends.neo4j.repository import Neo4jRepository
from schema import (
    Direction,
    EdgeCreator,
    EdgeKey,
    EdgeType,
    Memory,
    MemoryStatus,
    Tenant,
    Tombstone,
    new_memory_id,
)
from tests.backends.neo4j.test_neo4j_queries import SCOPED
from tests.conftest import BACKENDS, DIMENSION, backend_config, new_tenant
from tests.contract.test_schema_and_queries import sample_params
from tests.factories import T0, edge, memory, unit_vector

OLD = T0 - timedelta(days=200)
CUT = T0 - timedelta(days=90)


@pytest.fixture(scope="session")
async def neo4j(request: pytest.FixtureRequest) -> AsyncIterator[Neo4jRepository]:
    """The Neo4j repository, with the shared schema (memories' and the fact layer's) in place,
    so plans are those of a database in use."""
    async with open_backend(backend_config(request, "neo4j")) as repository:
        assert isinstance(repository, Neo4jRepository)
        tenant = new_tenant()
        await repository.ensure_schema(tenant)
        await repository.ensure_fact_schema(tenant)
        await repository.drop_tenant(tenant)
        yield repository


async def snapshot(repo: GraphRepository, tenant: Tenant, ids: list[str]) -> dict[str, Any]:
    """Everything the Protocol can read about these ids in the tenant."""
    memories = await repo.get_memories(tenant, ids, with_embeddings=True)
    first = memories[0]
    assert first is not None and first.embedding is not None
    return {
        "memories": memories,
        "edges": [await repo.incident_edges(tenant, i) for i in ids],
        "degrees": await repo.degrees(tenant, ids),
        "all_degrees": sorted(await repo.all_degrees(tenant), key=lambda d: d.memory_id),
        "orphans": await repo.orphans(tenant),
        "stale": await repo.stale_auto_links(tenant, CUT),
        "inbound": await repo.auto_link_inbound(tenant, ids),
        "neighbours": await repo.supportive_neighbours(tenant),
        "recent": await repo.recent_memories(tenant, limit=100),
        "all": sorted(await repo.all_memories(tenant), key=lambda m: m.id),
        "stats": await repo.stats(tenant),
        # Lucene scores use database-wide term statistics, which other tenants' documents move
        # (ADR 0007); which memories match, and in which order here, must not move.
        "text": [h.memory_id for h in await repo.fulltext_search(tenant, "bananas apples", 10)],
        "vector": await repo.vector_search(tenant, first.embedding, 10),
        "ready": await repo.schema_ready(tenant),
    }


def world(label: str, fruit: str, ids: list[str], seed: int) -> list[Memory]:
    return [
        memory(f"{label} memory {i} about {fruit}", id=mid, seed=seed + i, created_at=T0)
        for i, mid in enumerate(ids)
    ]


def plan_operators(plan: dict[str, Any]) -> list[tuple[str, str]]:
    """(operator, details) of every step of an EXPLAIN plan."""
    found = [(plan["operatorType"].split("@")[0], str(plan.get("args", {}).get("Details", "")))]
    for child in plan.get("children", []):
        found += plan_operators(child)
    return found


def cosine(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


class TestNeo4jTenancy:
    # Collected only when Neo4j is among the selected backends (RETENTIA_BACKEND), so a run
    # narrowed to other backends neither starts Neo4j nor reports these as skipped.
    __test__ = "neo4j" in BACKENDS

    async def test_identical_ids_in_two_tenants_stay_apart(self, neo4j: Neo4jRepository) -> None:
        """Every Protocol operation on alpha, with the very ids beta uses, reads alpha's data
        only and leaves beta exactly as it was — dropping alpha included."""
        alpha, beta = new_tenant(), new_tenant()
        for t in (alpha, beta):
            await neo4j.ensure_schema(t)
        ids = [new_memory_id() for _ in range(5)]
        a, b = world("alpha", "apples", ids, 100), world("beta", "bananas", ids, 200)
        stone_id = new_memory_id()
        try:
            await neo4j.upsert_memories(beta, b)
            await neo4j.link(
                beta,
                [
                    edge(b[0], b[1], EdgeType.CAUSED_BY),
                    edge(b[1], b[2], EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO,
                         last_validated_at=OLD),
                    edge(b[3], b[4], EdgeType.SUPPORTS),
                ],
            )  # fmt: skip
            await neo4j.write_tombstones(
                beta,
                [Tombstone(id=stone_id, superseded_by=ids[0], content_hash="beta", deleted_at=T0)],
            )
            await neo4j.put_config(beta, "prefs", "beta")
            before = await snapshot(neo4j, beta, ids)

            # Writes on alpha with beta's ids.
            await neo4j.upsert_memories(alpha, a[:3])
            await neo4j.store_memories(
                alpha,
                a[3:],
                [
                    edge(a[3], a[0], EdgeType.CAUSED_BY),
                    edge(a[4], a[1], EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO,
                         last_validated_at=OLD),
                ],
            )  # fmt: skip
            await neo4j.link(
                alpha,
                [
                    edge(a[0], a[1], EdgeType.CAUSED_BY),
                    edge(a[1], a[2], EdgeType.SUPPORTS),
                    edge(a[2], a[0], EdgeType.TEMPORAL_SEQUENCE),
                ],
            )

            # Reads on alpha see alpha's data only.
            got = await neo4j.get_memories(alpha, ids, with_embeddings=True)
            assert [m.content if m else None for m in got] == [m.content for m in a]
            assert [m.embedding if m else None for m in got] == [m.embedding for m in a]
            assert await neo4j.existing_ids(alpha, ids) == frozenset(ids)
            stats = await neo4j.stats(alpha)
            assert stats.memories == 5
            assert {t: n for t, n in stats.edges.items() if n} == {
                EdgeType.CAUSED_BY: 2,
                EdgeType.SUPPORTS: 1,
                EdgeType.RELATED_TO: 1,
                EdgeType.TEMPORAL_SEQUENCE: 1,
            }
            degrees = await neo4j.degrees(alpha, ids)
            assert [(d.kappa, d.delta) if d else None for d in degrees] == [
                (2, 2),
                (2, 3),
                (1, 1),
                (1, 1),
                (0, 1),
            ]
            assert await neo4j.kappa_max(alpha) == 2
            assert await neo4j.orphans(alpha) == []
            assert len(await neo4j.all_degrees(alpha)) == 5
            assert await neo4j.stale_auto_links(alpha, CUT) == {ids[4]: 1, ids[1]: 1}
            assert await neo4j.auto_link_inbound(alpha, ids) == [0, 1, 0, 0, 0]
            assert await neo4j.removal_impact(alpha, ids[3]) == []
            assert await neo4j.removal_impact(alpha, ids[1]) == sorted([ids[2], ids[4]])
            neighbours = await neo4j.supportive_neighbours(alpha)
            assert sorted(neighbours[ids[0]]) == sorted([ids[1], ids[3]])
            sub = await neo4j.traverse(
                alpha, ids[0], depth=3, edge_types=[], direction=Direction.BOTH
            )
            assert {m.content for m in sub.nodes} == {m.content for m in a}
            assert len(sub.edges) == 5
            assert await neo4j.neighbourhood(
                alpha, ids[3], depth=1, edge_types=[EdgeType.SUPPORTS], direction=Direction.BOTH
            ) == {ids[3]: 0}  # beta's b3→b4 SUPPORTS is not alpha's
            incident = await neo4j.incident_edges(alpha, ids[4])
            assert [(e.source, e.target, e.type) for e in incident] == [
                (ids[4], ids[1], EdgeType.RELATED_TO)
            ]
            recent = await neo4j.recent_memories(alpha, limit=100)
            assert sorted(m.content for m in recent) == sorted(m.content for m in a)
            assert {m.content for m in await neo4j.all_memories(alpha)} == {m.content for m in a}
            tagged = await neo4j.memories_with_status(alpha, [MemoryStatus.TAGGED])
            assert {m.content for m in tagged} == {m.content for m in a}
            assert b[0].embedding is not None and a[0].embedding is not None
            far = await neo4j.vector_search(alpha, b[0].embedding, 5)
            assert {h.memory_id for h in far} <= set(ids)
            assert max(h.score for h in far) < 0.5  # beta's vector is not alpha's
            (near,) = await neo4j.vector_search(alpha, a[0].embedding, 1)
            assert near.memory_id == ids[0] and near.score == pytest.approx(1.0, abs=1e-5)
            assert await neo4j.fulltext_search(alpha, "bananas beta", 5) == []
            assert len(await neo4j.fulltext_search(alpha, "apples", 10)) == 5
            assert await neo4j.get_tombstones(alpha, [stone_id]) == [None]
            assert await neo4j.get_config(alpha, "prefs") is None

            # More writes on alpha: updates, validation, unlinking (beta's key too), tombstones,
            # configuration, deletion, and finally dropping alpha whole.
            changed = a[0].model_copy(update={"status": MemoryStatus.EPISODIC, "pinned": True})
            assert await neo4j.update_memories(alpha, [changed]) == [True]
            assert await neo4j.validate_auto_links(alpha, ids, T0) == 2
            assert await neo4j.record_cascade(alpha, dict.fromkeys(ids, 1), T0, revive=ids) == []
            assert all(m and m.cascade_count == 0 for m in await neo4j.get_memories(beta, ids))
            keys = [
                EdgeKey(source=ids[0], target=ids[1], type=EdgeType.CAUSED_BY),
                EdgeKey(source=ids[3], target=ids[4], type=EdgeType.SUPPORTS),
            ]
            assert await neo4j.unlink(alpha, keys) == [True, False]
            stone = Tombstone(
                id=stone_id, superseded_by=ids[1], content_hash="alpha", deleted_at=T0
            )
            await neo4j.write_tombstones(alpha, [stone])
            assert await neo4j.get_tombstones(alpha, [stone_id]) == [stone]
            await neo4j.put_config(alpha, "prefs", "alpha")
            assert await neo4j.get_config(alpha, "prefs") == "alpha"
            assert await neo4j.delete_memories(alpha, ids[:2]) == [True, True]
            await neo4j.drop_tenant(alpha)
            assert (await neo4j.stats(alpha)).memories == 0

            assert await snapshot(neo4j, beta, ids) == before
            assert await neo4j.get_config(beta, "prefs") == "beta"
            (beta_stone,) = await neo4j.get_tombstones(beta, [stone_id])
            assert beta_stone is not None and beta_stone.content_hash == "beta"
            listed = await neo4j.list_tenants()
            assert beta in listed and alpha not in listed
        finally:
            for t in (alpha, beta):
                await neo4j.drop_tenant(t)

    async def test_small_tenant_finds_its_neighbours_in_a_crowded_index(
        self, neo4j: Neo4jRepository
    ) -> None:
        """The vector index is global: 200 of another tenant's vectors sit right next to the
        query, yet the small tenant gets its own k nearest, exactly ranked and scored, and all
        it has when it has fewer than k."""
        crowd, small = new_tenant(), new_tenant()
        for t in (crowd, small):
            await neo4j.ensure_schema(t)
        base = unit_vector(1)
        try:
            near = []
            for i in range(200):
                noise = unit_vector(1000 + i)
                values = [x + 0.05 * n for x, n in zip(base, noise, strict=True)]
                norm = math.sqrt(sum(v * v for v in values))
                near.append(
                    memory(f"crowd {i}").model_copy(
                        update={"embedding": tuple(v / norm for v in values)}
                    )
                )
            await neo4j.upsert_memories(crowd, near)
            mine = [memory(f"small {j}", seed=5000 + j) for j in range(4)]
            await neo4j.upsert_memories(small, mine)
            expected = sorted(
                ((cosine(base, m.embedding or ()), m.id) for m in mine), key=lambda p: -p[0]
            )
            hits = await neo4j.vector_search(small, base, 3)
            assert [h.memory_id for h in hits] == [i for _, i in expected[:3]]
            for hit, (score, _) in zip(hits, expected, strict=False):
                assert hit.score == pytest.approx(score, abs=1e-5)
            everything = await neo4j.vector_search(small, base, 10)
            assert [h.memory_id for h in everything] == [i for _, i in expected]
            crowd_hits = await neo4j.vector_search(crowd, base, 10)
            assert len(crowd_hits) == 10 and crowd_hits[0].score > 0.99
        finally:
            for t in (crowd, small):
                await neo4j.drop_tenant(t)

    @pytest.mark.parametrize("name", SCOPED)
    async def test_tenant_scoped_queries_seek_an_index(
        self, neo4j: Neo4jRepository, name: AnyQueryName
    ) -> None:
        """No tenant-scoped query — memory, fact layer or recall — scans a label or all
        relationships: each finds its tenant through the (tenant, …) indexes (the few :Tenant
        markers excepted)."""
        tenant = new_tenant()
        query = load(name, "neo4j")
        templates = {"edge_type": EdgeType.CAUSED_BY} if query.templates else {}
        params = query.bind(sample_params(name, "neo4j", tenant))
        async with neo4j._driver.session(database=neo4j._database) as session:
            result = await session.run(f"EXPLAIN {query.render(**templates)}", params)
            summary = await result.consume()
        assert summary.plan is not None
        scans = [
            (op, details)
            for op, details in plan_operators(summary.plan)
            if op in {"AllNodesScan", "NodeByLabelScan"} or "RelationshipsScan" in op
            if not (op == "NodeByLabelScan" and ":Tenant" in details)
        ]
        assert scans == []

    async def test_tenants_are_listed_and_dropped_one_by_one(self, neo4j: Neo4jRepository) -> None:
        """A tenant is listed (and its schema ready) once ensured; dropping one bigger than a
        delete batch removes all of it and nothing of the other."""
        big, other = new_tenant(), new_tenant()
        assert not await neo4j.schema_ready(big)
        for t in (big, other):
            await neo4j.ensure_schema(t)
        try:
            assert await neo4j.schema_ready(big)
            assert {big, other} <= set(await neo4j.list_tenants())
            many = [memory(f"m {i}", seed=i) for i in range(1100)]  # 2,200 nodes: two batches
            await neo4j.upsert_memories(big, many)
            await neo4j.link(
                big, [edge(many[i], many[i + 1], EdgeType.SUPPORTS) for i in range(0, 1000, 2)]
            )
            kept = memory("kept")
            await neo4j.upsert_memories(other, [kept])
            await neo4j.drop_tenant(big)
            assert (await neo4j.stats(big)).memories == 0
            assert await neo4j.get_memories(big, [many[0].id]) == [None]
            assert not await neo4j.schema_ready(big)
            assert big not in await neo4j.list_tenants()
            assert await neo4j.get_memories(other, [kept.id], with_embeddings=True) == [kept]
        finally:
            for t in (big, other):
                await neo4j.drop_tenant(t)

    async def test_another_vector_dimension_is_a_schema_mismatch(
        self, neo4j: Neo4jRepository, request: pytest.FixtureRequest
    ) -> None:
        """The vector index is shared by every tenant, so its dimension is the database's."""
        tenant = new_tenant()
        await neo4j.ensure_schema(tenant)
        await neo4j.drop_tenant(tenant)
        url: str = request.getfixturevalue("neo4j_url")
        config = Neo4jConfig(url=url, vector_dimension=DIMENSION // 2)
        async with open_backend(config) as other:
            with pytest.raises(SchemaMismatch, match=f"dimension {DIMENSION}"):
                await other.ensure_schema(new_tenant())


async def test_unreachable_server_is_backend_unavailable() -> None:
    """Nothing listens on the port: opening the backend fails at once with a typed error."""
    config = Neo4jConfig(url=f"bolt://127.0.0.1:{free_port()}", vector_dimension=DIMENSION)
    with pytest.raises(BackendUnavailable, match="unreachable"):
        async with open_backend(config):
            pass
