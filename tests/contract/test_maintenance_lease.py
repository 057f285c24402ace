"""Maintenance passes are serialised by a lease in the database, not in a process: while
another owner (another replica, a CronJob) holds the tenant's maintenance lease, a pass or a
consolidation skips the tenant and writes nothing; a pass releases its lease when it ends, and
a dry run takes none."""

from __future__ import annotations

from graph_backends import Backend
from schema import Tenant
from service.usecases.maintenance import LEASE_NAME, LEASE_TTL
from service.usecases.memories import MemoryService, StoreRequest
from tests.engine_support import Clock, HashEmbedder, maintenance


async def seeded(repository: Backend, clock: Clock, tenant: Tenant) -> MemoryService:
    service = MemoryService(repository, HashEmbedder(), clock)
    for i in range(4):
        await service.store(
            tenant, StoreRequest(content=f"Ada fixed the parser bug number {i}", entities=["Ada"])
        )
    clock.advance(days=60)
    return service


async def test_a_held_lease_skips_the_pass_and_writes_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    service = await seeded(repository, clock, tenant)
    leases = repository
    assert await leases.acquire_lease(tenant, LEASE_NAME, "other-replica", clock(), LEASE_TTL)
    before = {m.id: m for m in await repository.all_memories(tenant)}

    report = await maintenance(service).maintain(tenant)
    assert report.lease_held
    assert "holds the tenant's lease" in report.summary()
    assert (report.evaluated, report.consolidated, report.forgotten) == (0, [], [])
    assert {m.id: m for m in await repository.all_memories(tenant)} == before
    consolidation = await maintenance(service).consolidate(tenant)
    assert consolidation.lease_held and consolidation.consolidated == []
    assert {m.id for m in await repository.all_memories(tenant)} == before.keys()

    # A dry run takes no lease, so it reports what a pass would do even now.
    dry = await maintenance(service).maintain(tenant, dry_run=True)
    assert not dry.lease_held and dry.evaluated > 0

    await leases.release_lease(tenant, LEASE_NAME, "other-replica")
    ran = await maintenance(service).maintain(tenant)
    assert not ran.lease_held and ran.evaluated == dry.evaluated


async def test_a_pass_releases_its_lease(repository: Backend, tenant: Tenant) -> None:
    clock = Clock()
    service = await seeded(repository, clock, tenant)
    first = await maintenance(service).maintain(tenant)
    assert not first.lease_held
    # Released at the end: another owner may take it at once, without waiting for the TTL.
    assert await repository.acquire_lease(tenant, LEASE_NAME, "next-pass", clock(), LEASE_TTL)
