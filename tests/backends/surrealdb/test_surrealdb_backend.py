"""What the SurrealDB backend adds to the shared contract: the HNSW index answers k hits after
deletions and re-embeddings; a missing edge end found only inside the transaction (the ENFORCED
relation) still writes nothing; concurrent requests for different tenants never mix (each
request names its namespace and database); tenants are namespace/database pairs that can be
listed and dropped; a file-backed engine keeps everything across a reopen; a vector index of
another dimension is refused.

The SurrealDB embedded engine runs here whatever RETENTIA_BACKEND selects: it needs no server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from graph_backends import SchemaMismatch, SurrealConfig, open_backend
from graph_backends._common.records import edge_params
from graph_backends.surrealdb.client import Outcome
from graph_backends.surrealdb.repository import SurrealRepository
from graph_backends.surrealdb.steps import MissingRecord, step
from graph_backends.surrealdb.surrealql import QueryName
from schema import Direction, EdgeCreator, EdgeType, Tenant, new_memory_id
from tests.conftest import DIMENSION, new_tenant
from tests.factories import edge, memories, memory, unit_vector


@pytest.fixture(scope="module")
async def surreal() -> AsyncIterator[SurrealRepository]:
    async with open_backend(SurrealConfig(url="mem://", vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, SurrealRepository)
        yield repo


@pytest.fixture
async def tenant(surreal: SurrealRepository) -> AsyncIterator[Tenant]:
    t = new_tenant()
    await surreal.ensure_schema(t)
    try:
        yield t
    finally:
        await surreal.drop_tenant(t)


async def test_vector_top_k_survives_deletes_and_reembedding(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """k hits whenever the tenant holds ≥ k memories, each its own nearest neighbour, after
    most vectors were deleted and some re-embedded (HNSW keeps deleted nodes as tombstones)."""
    stored = memories(80)
    await surreal.upsert_memories(tenant, stored)
    await surreal.delete_memories(tenant, [m.id for m in stored[:65]])
    kept = stored[65:]
    moved = [m.model_copy(update={"embedding": unit_vector(1000 + i)}) for i, m in enumerate(kept)]
    await surreal.upsert_memories(tenant, moved[:5])
    current = moved[:5] + kept[5:]
    for m in current:
        assert m.embedding is not None
        hits = await surreal.vector_search(tenant, m.embedding, 10)
        assert len(hits) == 10
        assert hits[0].memory_id == m.id
        assert hits[0].score == pytest.approx(1.0, abs=1e-4)
        assert {h.memory_id for h in hits} <= {x.id for x in current}
    assert len(await surreal.vector_search(tenant, unit_vector(5), 15)) == 15
    assert len(await surreal.vector_search(tenant, unit_vector(5), 50)) == 15


async def test_missing_end_found_inside_the_transaction_writes_nothing(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """If an end disappears between the existence check and the write, the ENFORCED relation
    refuses the edge and the whole transaction — new memories included — is undone."""
    (old,) = memories(1)
    await surreal.upsert_memories(tenant, [old])
    new = memory("new")
    ghost = new_memory_id()
    steps = [
        step(QueryName.UPSERT_MEMORIES, {"rows": surreal._memory_rows([new])}),
        step(
            QueryName.LINK_MEMORIES,
            {
                "edges": [
                    edge_params(edge(new, old, EdgeType.SUPPORTS)),
                    edge_params(edge(new, ghost, EdgeType.CAUSED_BY)),
                ]
            },
        ),
    ]
    # Reaches under the seam on purpose: the public methods check ends before writing.
    with pytest.raises(MissingRecord, match=ghost):
        await surreal._write(tenant, steps)
    assert await surreal.get_memories(tenant, [new.id]) == [None]
    assert sum((await surreal.stats(tenant)).edges.values()) == 0


async def test_concurrent_requests_for_different_tenants_never_mix(
    surreal: SurrealRepository,
) -> None:
    tenants = [new_tenant() for _ in range(4)]
    await asyncio.gather(*(surreal.ensure_schema(t) for t in tenants))
    try:
        batches = {t: memories(12) for t in tenants}
        await asyncio.gather(
            *(surreal.upsert_memories(t, [m]) for t, ms in batches.items() for m in ms)
        )
        for t, ms in batches.items():
            assert {m.id for m in await surreal.all_memories(t)} == {m.id for m in ms}
            reads = await asyncio.gather(
                *(surreal.existing_ids(other, [m.id for m in ms]) for other in tenants)
            )
            assert [len(r) for r in reads] == [12 if other == t else 0 for other in tenants]
    finally:
        await asyncio.gather(*(surreal.drop_tenant(t) for t in tenants))


async def test_tenants_are_listed_and_dropped(surreal: SurrealRepository) -> None:
    one = Tenant(org=f"org-{new_memory_id()[:8]}", project="alpha")
    two = Tenant(org=one.org, project="beta.2")
    for t in (one, two):
        await surreal.ensure_schema(t)
    await surreal.upsert_memories(two, memories(2))
    assert {one, two} <= set(await surreal.list_tenants())
    await surreal.drop_tenant(two)
    assert two not in await surreal.list_tenants()
    assert not await surreal.schema_ready(two)
    assert (await surreal.stats(two)).memories == 0
    assert await surreal.schema_ready(one)
    await surreal.drop_tenant(one)
    await surreal.drop_tenant(one)  # dropping twice is fine


async def test_file_backed_engine_keeps_everything_across_a_reopen(tmp_path: Path) -> None:
    config = SurrealConfig(url=f"surrealkv://{tmp_path / 'db'}", vector_dimension=DIMENSION)
    t = new_tenant()
    stored = memories(30)
    async with open_backend(config) as repo:
        await repo.ensure_schema(t)
        await repo.upsert_memories(t, stored)
        await repo.link(t, [edge(stored[0], stored[1], EdgeType.CAUSED_BY)])
        await repo.put_config(t, "k", "v")
    async with open_backend(config) as repo:
        assert await repo.schema_ready(t)
        assert await repo.get_memories(t, [m.id for m in stored]) == [
            m.model_copy(update={"embedding": None}) for m in stored
        ]
        assert stored[7].embedding is not None
        hits = await repo.vector_search(t, stored[7].embedding, 10)
        assert len(hits) == 10 and hits[0].memory_id == stored[7].id
        sub = await repo.traverse(t, stored[0].id, depth=1, edge_types=[], direction=Direction.OUT)
        assert [(e.source, e.target) for e in sub.edges] == [(stored[0].id, stored[1].id)]
        assert await repo.get_config(t, "k") == "v"
        assert (await repo.fulltext_search(t, "number 7", 1))[0].memory_id == stored[7].id


async def test_another_vector_dimension_is_refused(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    other = SurrealRepository(surreal._client, vector_dimension=DIMENSION // 2)
    with pytest.raises(SchemaMismatch, match="dimension"):
        await other.ensure_schema(tenant)


async def _slow_auto_link(
    surreal: SurrealRepository, tenant: Tenant, source: str, target: str, cap: int
) -> list[Outcome]:
    """One transaction: `link_auto_memories` of one auto-link, then a pause that makes two of
    them overlap before either commits (as two processes' stores would)."""
    auto = edge(source, target, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO)
    (query, params, _) = step(
        QueryName.LINK_AUTO_MEMORIES,
        {"targets": [{"id": target, "edges": [edge_params(auto)]}], "cap": cap},
    )
    variables: dict[str, Any] = {"tenant_ns": tenant.org, "tenant_db": tenant.project}
    variables.update(query.bind(params))
    lines = [
        "USE NS $tenant_ns DB $tenant_db;",
        "BEGIN TRANSACTION;",
        f"LET $step_0 = {{\n{query.render()}\n}};",
        "SLEEP 150ms;",
        "RETURN [$step_0];",
        "COMMIT TRANSACTION;",
    ]
    return await surreal._client.run("\n".join(lines), variables)


async def test_auto_link_guards_turn_a_cap_race_into_a_conflict(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Two transactions that both count a hub's auto-links before either commits would both
    take its last place under snapshot isolation; writing the hub's `auto_link_guard` makes one
    of them fail its COMMIT (the repository runs it again, and it then counts the other's)."""
    hub, a, b = memories(3)
    await surreal.upsert_memories(tenant, [hub, a, b])
    results = await asyncio.gather(
        *(_slow_auto_link(surreal, tenant, m.id, hub.id, cap=1) for m in (a, b))
    )
    committed = [all(o.ok for o in outcomes) for outcomes in results]
    assert sorted(committed) == [False, True]
    (lost,) = [outcomes for outcomes, ok in zip(results, committed, strict=True) if not ok]
    assert (lost[-1].kind, lost[-1].detail) == ("Query", "TransactionConflict")
    assert await surreal.auto_link_inbound(tenant, [hub.id]) == [1]

    # Deleting a memory deletes its guard, so nothing of it stays behind.
    await surreal.delete_memories(tenant, [hub.id])
    (*_, guards) = await surreal._client.run(
        "USE NS $ns DB $db; SELECT VALUE record::id(id) FROM auto_link_guard;",
        {"ns": tenant.org, "db": tenant.project},
    )
    assert guards.ok and guards.value == []


async def test_kappa_max_of_a_tenant_past_an_array_functions_output_cap(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """κ_max (and so `stats` and `analytics`) of a tenant of 70,000 memories: the old query put
    every memory's degree through array::concat, whose output SurrealDB caps at 1 MiB, and
    failed from ~58,000 memories on. The records are written raw: only the count matters."""
    hub, a, b = memories(3)
    await surreal.upsert_memories(tenant, [hub, a, b])
    await surreal.link(
        tenant, [edge(a.id, hub.id, EdgeType.CAUSED_BY), edge(b.id, hub.id, EdgeType.CAUSED_BY)]
    )
    (*_, made) = await surreal._client.run(
        "USE NS $ns DB $db; FOR $i IN 1..70000 { CREATE memory; };",
        {"ns": tenant.org, "db": tenant.project},
    )
    assert made.ok, made
    assert await surreal.kappa_max(tenant) == 2
    await surreal.delete_memories(tenant, [hub.id, a.id, b.id])
    (*_, emptied) = await surreal._client.run(
        "USE NS $ns DB $db; DELETE memory;", {"ns": tenant.org, "db": tenant.project}
    )
    assert emptied.ok, emptied
    assert await surreal.kappa_max(tenant) == 0
