"""The reactivation queue on every backend: recalls' reactivations written after their answers,
in batches, without losing one, readable after `settle`, drained on close; a failed batch is
counted and logged and holds nobody up."""

from __future__ import annotations

import asyncio
import logging

import pytest
from prometheus_client import REGISTRY

from graph_backends import BackendUnavailable, GraphRepository
from schema import EdgeType, Memory, Tenant
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from service.usecases.reactivation import ReactivationService
from service.usecases.reactivation_queue import ReactivationQueue
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder


async def put(service: MemoryService, tenant: Tenant, content: str, **fields: object) -> Memory:
    result = await service.store(tenant, StoreRequest(content=content, **fields))  # type: ignore[arg-type]
    return result.memory


async def read(service: MemoryService, tenant: Tenant, *memories: Memory) -> list[Memory]:
    got = await service.get(tenant, [m.id for m in memories])
    assert all(m is not None for m in got)
    return [m for m in got if m is not None]


@pytest.fixture
def service(repository: GraphRepository) -> MemoryService:
    return MemoryService(repository, HashEmbedder(), Clock())


async def test_concurrent_recalls_of_one_memory_each_count(
    service: MemoryService, tenant: Tenant
) -> None:
    """Twenty recalls hitting one memory at once: twenty presentations and twenty cascades
    on its neighbour — none lost to another's write — and readable once settled."""
    hit = await put(service, tenant, "the hit")
    near = await put(
        service, tenant, "its neighbour", related=(RelatedEdge(hit.id, EdgeType.SUPPORTS),)
    )
    queue = ReactivationQueue(ReactivationService(service))
    try:
        await asyncio.gather(*(queue.submit(tenant, [hit]) for _ in range(20)))
        await queue.settle(tenant)
        got, reached = await read(service, tenant, hit, near)
        assert got.reactivation_count == 20 and len(got.reactivation_timestamps) == 20
        assert reached.cascade_count == 20 and reached.reactivation_count == 0
        explicit = await queue.reactivate_now(tenant, [hit.id])
        assert explicit.direct == (hit.id,)
        await queue.write_now(tenant, [hit])  # what a recall of `retentia mcp` writes
        (got,) = await read(service, tenant, hit)
        assert got.reactivation_count == 22
    finally:
        await queue.aclose()


async def test_settle_waits_only_for_its_own_tenant(
    service: MemoryService, repository: GraphRepository, tenant: Tenant
) -> None:
    other = new_tenant()
    await repository.ensure_schema(other)
    try:
        mine, theirs = await put(service, tenant, "mine"), await put(service, other, "theirs")
        queue = ReactivationQueue(ReactivationService(service))
        try:
            await queue.submit(tenant, [mine])
            await queue.submit(other, [theirs])
            await queue.settle(other)
            (got,) = await read(service, other, theirs)
            assert got.reactivation_count == 1
            await queue.settle(tenant)
            (got,) = await read(service, tenant, mine)
            assert got.reactivation_count == 1
        finally:
            await queue.aclose()
    finally:
        await repository.drop_tenant(other)


async def test_a_full_queue_makes_the_next_recall_wait_and_close_drains_it(
    service: MemoryService, tenant: Tenant
) -> None:
    hit = await put(service, tenant, "the hit")
    queue = ReactivationQueue(ReactivationService(service), max_pending=1)
    await queue.submit(tenant, [hit])
    second = asyncio.create_task(queue.submit(tenant, [hit]))
    await asyncio.sleep(0)
    assert not second.done()  # the first is still being written
    await second
    await queue.aclose()  # writes the second without anyone settling
    (got,) = await read(service, tenant, hit)
    assert got.reactivation_count == 2
    with pytest.raises(RuntimeError, match="closed"):
        await queue.submit(tenant, [hit])
    with pytest.raises(ValueError, match="max_pending"):
        ReactivationQueue(ReactivationService(service), max_pending=0)


class _FailingFor(MemoryService):
    """A memory service whose backend calls fail for one tenant, as an unreachable backend's
    would (every use of the backend first checks the tenant: `ready` before a write,
    `ready_to_read` before a read, `still_exists` before a reactivation)."""

    failing: Tenant | None = None

    async def ready(self, tenant: Tenant) -> None:
        if tenant == self.failing:
            raise BackendUnavailable("the backend went away")
        await super().ready(tenant)

    async def ready_to_read(self, tenant: Tenant) -> bool:
        if tenant == self.failing:
            raise BackendUnavailable("the backend went away")
        return await super().ready_to_read(tenant)

    async def still_exists(self, tenant: Tenant) -> bool:
        if tenant == self.failing:
            raise BackendUnavailable("the backend went away")
        return await super().still_exists(tenant)


def _failures() -> float:
    return REGISTRY.get_sample_value("retentia_reactivation_failures_total") or 0.0


async def test_a_failed_batch_is_counted_and_logged_and_holds_nobody_up(
    repository: GraphRepository, tenant: Tenant, caplog: pytest.LogCaptureFixture
) -> None:
    service = _FailingFor(repository, HashEmbedder(), Clock())
    hit = await put(service, tenant, "the hit")
    queue = ReactivationQueue(ReactivationService(service))
    before = _failures()
    try:
        service.failing = tenant
        with caplog.at_level(logging.ERROR, logger="service.usecases.reactivation_queue"):
            await queue.submit(tenant, [hit])
            await queue.submit(tenant, [hit])
            await queue.settle(tenant)
        assert _failures() - before == 2
        assert "reactivation of 2 recalls of tenant" in caplog.text
        assert "the backend went away" in caplog.text
        with pytest.raises(BackendUnavailable):  # before its answer: the recall sees it
            await queue.write_now(tenant, [hit])
        service.failing = None
        await queue.submit(tenant, [hit])
        await queue.settle(tenant)
        (got,) = await read(service, tenant, hit)
        assert got.reactivation_count == 1
    finally:
        await queue.aclose()


async def test_writing_now_leaves_out_a_hit_deleted_since_the_recall(
    service: MemoryService, tenant: Tenant
) -> None:
    """A recall of `retentia mcp` reactivates before it answers; a hit another process deleted
    meanwhile is left out instead of failing the recall."""
    kept, gone = await put(service, tenant, "kept"), await put(service, tenant, "gone")
    await service.delete(tenant, [gone.id])
    queue = ReactivationQueue(ReactivationService(service))
    try:
        await queue.write_now(tenant, [kept, gone])
        (got,) = await read(service, tenant, kept)
        assert got.reactivation_count == 1
        assert await service.get(tenant, [gone.id]) == [None]
    finally:
        await queue.aclose()
