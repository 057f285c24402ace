"""Amending is atomic: of concurrent amendments of one memory exactly one succeeds, the others
answer `Conflict` and write nothing, so the old memory has one successor, one SUPERSEDES edge
into it, and its score is down-ranked once."""

from __future__ import annotations

import asyncio

from graph_backends import GraphRepository
from schema import Conflict, EdgeType, Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest, StoreResult
from tests.engine_support import Clock, HashEmbedder

ENGINE = EngineSettings(auto_link_floor=0.5)
AMENDS = 8


async def test_concurrent_amends_of_one_memory_write_one_successor(
    repository: GraphRepository, tenant: Tenant
) -> None:
    service = MemoryService(repository, HashEmbedder(), Clock(), ENGINE)
    old = (await service.store(tenant, StoreRequest(content="the offsite is in march"))).memory
    answers = await asyncio.gather(
        *(
            service.amend(tenant, old.id, f"the offsite is in april, take {i}")
            for i in range(AMENDS)
        ),
        return_exceptions=True,
    )
    won = [a for a in answers if isinstance(a, StoreResult)]
    lost = [a for a in answers if isinstance(a, Conflict)]
    assert (len(won), len(lost)) == (1, AMENDS - 1), answers
    (winner,) = won
    assert all("already superseded" in str(e) for e in lost)

    (stored,) = await repository.get_memories(tenant, [old.id])
    assert stored is not None and stored.superseded_by == winner.memory.id
    assert stored.score == old.score * ENGINE.superseded_factor
    supersedes = [
        e for e in await repository.incident_edges(tenant, old.id) if e.type is EdgeType.SUPERSEDES
    ]
    assert [(e.source, e.target) for e in supersedes] == [(winner.memory.id, old.id)]
    # The losers wrote nothing: the tenant holds the old memory and the winner only.
    assert (await repository.stats(tenant)).memories == 2
