"""A simulated year with an injected clock over a few hundred memories: monthly maintenance
forgets stale orphans and never a memory that is pinned, core, org-visible, younger than the
minimum age, or held by a supportive edge; a forgotten superseded memory leaves a tombstone and
its correction chain stays traversable."""

from __future__ import annotations

import random

from graph_backends import GraphRepository
from schema import EdgeType, MemoryStatus, Tenant, Visibility
from service.engine.settings import EngineSettings
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from tests.engine_support import Clock, HashEmbedder, maintenance

WORDS = [f"w{i}" for i in range(5000)]


def text(rng: random.Random) -> str:
    """Eight random words out of 5,000: no two memories are similar enough to auto-link."""
    return " ".join(rng.sample(WORDS, 8))


async def test_a_year_of_maintenance_forgets_only_what_it_may(
    repository: GraphRepository, tenant: Tenant
) -> None:
    rng = random.Random(7)
    clock = Clock()
    service = MemoryService(repository, HashEmbedder(), clock, EngineSettings(auto_link_floor=0.9))
    kinds: dict[str, set[str]] = {
        k: set() for k in ("stale", "pinned", "core", "org", "held", "young", "recalled")
    }

    async def put(kind: str, **fields: object) -> str:
        result = await service.store(tenant, StoreRequest(content=text(rng), **fields))  # type: ignore[arg-type]
        kinds[kind].add(result.memory.id)
        return result.memory.id

    for _ in range(120):
        await put("stale")
    for _ in range(30):
        await put("pinned", pinned=True)
    for _ in range(30):
        await put("org", visibility=Visibility.ORG)
    core = [await put("core") for _ in range(20)]
    await CorePreferencesService(service).approve(tenant, core)
    anchors = [await put("held") for _ in range(25)]
    for anchor in anchors:
        await put("held", related=(RelatedEdge(anchor, EdgeType.SUPPORTS),))
    recalled = [await put("recalled") for _ in range(20)]
    # A superseded chain: v1 → v2 → v3; v1 and v2 become stale orphans (SUPERSEDES is not
    # supportive), v3 is pinned.
    v1 = await put("stale")
    v2 = (await service.amend(tenant, v1, text(rng))).memory.id
    kinds["stale"].add(v2)
    v3 = (await service.amend(tenant, v2, text(rng))).memory.id
    await service.set_pinned(tenant, [v3], True)
    kinds["pinned"].add(v3)

    from service.usecases.reactivation import ReactivationService

    forgotten: set[str] = set()
    for month in range(1, 13):
        clock.advance(days=30)
        if month == 12:  # stored three days before the last pass: younger than the minimum age
            for _ in range(20):
                await put("young")
            clock.advance(days=3)
        for memory_id in recalled:  # recalled every month: never stale
            await ReactivationService(service).reactivate(tenant, [memory_id], cascade=False)
        # The first pass forgets 40 % of the project, which the mass-forgetting guard would
        # hold (tested on its own in test_created_at): this year is the operator's go-ahead.
        report = await maintenance(service).maintain(tenant, allow_mass_forgetting=True)
        forgotten |= set(report.forgotten)
        for kind in ("pinned", "core", "org", "held", "young"):
            assert not forgotten & kinds[kind], f"month {month} forgot {kind} memories"

    assert kinds["stale"] - {v1, v2} <= forgotten, "every stale orphan is forgotten within a year"
    assert {v1, v2} <= forgotten
    assert not forgotten & kinds["recalled"]
    stones = await repository.get_tombstones(tenant, [v1, v2])
    assert [(s.id, s.superseded_by) for s in stones if s] == [(v1, v2), (v2, v3)]
    assert await service.supersession_chain(tenant, v1) == [v1, v2, v3]
    survivors = {m.id: m for m in await repository.all_memories(tenant)}
    assert kinds["core"] <= survivors.keys()
    assert all(survivors[i].status is MemoryStatus.CORE for i in kinds["core"])
    assert kinds["held"] <= survivors.keys() and kinds["young"] <= survivors.keys()
    final = await maintenance(service).maintain(tenant)
    assert not final.changed
