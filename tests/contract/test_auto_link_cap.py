"""The inbound auto-link cap is the database's: stores at once, each having read the hub's
auto-link count before any of them wrote, never give it more than `auto_link_max_inbound`, and
what each store answers agrees with what was written — an auto-link the cap refused is not in
its answer, and a memory that link alone would have made active is stored tagged."""

from __future__ import annotations

import asyncio

from graph_backends import GraphRepository
from schema import SUPPORTIVE_TYPES, EdgeCreator, EdgeType, MemoryStatus, Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from tests.engine_support import Clock, HashEmbedder

CAP = 2
STORES = 8
ENGINE = EngineSettings(auto_link_floor=0.5, auto_link_max_inbound=CAP, auto_link_max_per_store=1)
NOTE = "the atlas planning meeting moved to monday morning"


async def test_concurrent_stores_keep_the_cap_and_answer_what_was_written(
    repository: GraphRepository, tenant: Tenant
) -> None:
    service = MemoryService(repository, HashEmbedder(), Clock(), ENGINE)
    hub = (await service.store(tenant, StoreRequest(content=NOTE))).memory
    results = await asyncio.gather(
        *(service.store(tenant, StoreRequest(content=f"{NOTE} take {i}")) for i in range(STORES))
    )

    (inbound,) = await repository.auto_link_inbound(tenant, [hub.id])
    assert inbound == CAP
    answered = {(e.source, e.target) for r in results for e in r.auto_links if e.target == hub.id}
    into_hub = {
        (e.source, e.target)
        for e in await repository.incident_edges(tenant, hub.id)
        if e.type is EdgeType.RELATED_TO and e.created_by is EdgeCreator.AUTO and e.target == hub.id
    }
    assert answered == into_hub
    stored = await repository.get_memories(tenant, [r.memory.id for r in results])
    for result, memory in zip(results, stored, strict=True):
        assert memory is not None and memory.status is result.memory.status
        edges = await repository.incident_edges(tenant, memory.id)
        supportive = any(e.type in SUPPORTIVE_TYPES for e in edges if e.source == memory.id)
        assert memory.status is (MemoryStatus.ACTIVE if supportive else MemoryStatus.TAGGED)
