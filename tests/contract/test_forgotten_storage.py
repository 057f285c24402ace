"""The archive of forgotten memories (docs/adr/0032), on every backend: what is written reads
back equal — the memory with every lifecycle field, its edges, its facts, why it went — by id
and a page at a time in id order; a deletion says which ids were there; the archive is no
part of the present (no read of memories sees it) and goes with its tenant."""

from __future__ import annotations

from datetime import timedelta

from graph_backends import GraphRepository
from schema import EdgeType, ForgottenMemory, MemoryStatus, Tenant
from tests.factories import T0, edge, memory

MISSING = "00000000-0000-7000-8000-000000000000"


def archived(n: int) -> list[ForgottenMemory]:
    kept = []
    for i in range(n):
        m = memory(
            f"an aside nobody linked to, number {i}",
            seed=i,
            status=MemoryStatus.DORMANT,
            created_at=T0 - timedelta(days=365),
            received_at=T0,
            entities=("garden",),
            metadata={"dia_id": f"D1:{i}"},
        ).model_copy(update={"embedding": None})
        kept.append(
            ForgottenMemory(
                memory=m,
                forgotten_at=T0 + timedelta(days=100),
                edges=(edge(m, memory("another"), EdgeType.TEMPORAL_SEQUENCE),),
                facts=(f"fact-{i}",),
                reason="deletion score 0 < threshold 0.01; …",
            )
        )
    return kept


async def test_forgotten_memories_read_back_as_written(
    repository: GraphRepository, tenant: Tenant
) -> None:
    kept = archived(5)
    await repository.write_forgotten(tenant, kept)
    await repository.write_forgotten(tenant, kept[:2])  # idempotent by id
    ids = [f.id for f in kept]

    assert await repository.get_forgotten(tenant, [ids[3], MISSING, ids[0]]) == [
        kept[3],
        None,
        kept[0],
    ]
    first = await repository.forgotten_page(tenant, limit=3)
    rest = await repository.forgotten_page(tenant, limit=3, after=first[-1].id)
    assert [f.id for f in first + rest] == sorted(ids)
    assert {f.id: f for f in first + rest} == {f.id: f for f in kept}
    assert await repository.get_memories(tenant, ids) == [None] * 5  # not in the present
    assert (await repository.stats(tenant)).memories == 0

    assert await repository.delete_forgotten(tenant, [ids[1], ids[1], MISSING]) == [
        True,
        True,
        False,
    ]
    assert await repository.get_forgotten(tenant, [ids[1]]) == [None]
    assert len(await repository.forgotten_page(tenant)) == 4


async def test_the_archive_goes_with_its_tenant(repository: GraphRepository) -> None:
    tenant = Tenant(org="test", project="archive-drop")
    await repository.ensure_schema(tenant)
    kept = archived(2)
    await repository.write_forgotten(tenant, kept)
    await repository.drop_tenant(tenant)
    await repository.ensure_schema(tenant)
    try:
        assert await repository.forgotten_page(tenant) == []
        assert await repository.get_forgotten(tenant, [kept[0].id]) == [None]
    finally:
        await repository.drop_tenant(tenant)
