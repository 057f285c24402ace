"""Forgetting that can be undone (issue 49, docs/adr/0032), on every backend: a memory the
sweep forgets leaves every read of the present but is kept — with its edges, the facts it
asserted and why it went — and comes back by id or by the pass that forgot it, edges and
assertions as they were, its clocks restarted so the next pass keeps it; a pass after the
retention period purges it for good. (On the old code the sweep deleted it: nothing to list,
nothing to restore.)"""

from __future__ import annotations

from datetime import timedelta

from graph_backends import Backend
from schema import EdgeType, FactState, MemoryStatus, Tenant
from schema.facts import FactWriter
from service.compose import compose_use_cases
from service.engine.settings import EngineSettings
from service.settings import Settings
from service.usecases.facts import FactService
from service.usecases.forgotten import ForgottenService
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from tests.engine_support import Clock, HashEmbedder, maintenance
from tests.factories import T0

ENGINE = EngineSettings(auto_link_max_per_store=0)


async def test_a_forgotten_memory_is_kept_restored_and_purged_after_the_retention(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock(T0)
    service = MemoryService(repository, HashEmbedder(), clock, ENGINE)
    facts = FactService(repository, clock, ENGINE)
    anchor = (await service.store(tenant, StoreRequest(content="the boiler was serviced"))).memory
    await service.store(
        tenant,
        StoreRequest(
            content="Hanna left the invoice",
            related=(RelatedEdge(anchor.id, EdgeType.SUPPORTS),),
        ),
    )
    aside = (
        await service.store(
            tenant,
            StoreRequest(
                content="an aside about the allotment",
                related=(RelatedEdge(anchor.id, EdgeType.TEMPORAL_SEQUENCE),),
            ),
        )
    ).memory
    written = await facts.apply_facts(
        tenant,
        [{"subject": "allotment", "predicate": "has", "object": "plot 9"}],
        FactWriter.MEMORY,
        source=aside.id,
    )
    fact_id = written.results[0].fact_id
    assert fact_id is not None
    passes = maintenance(service)
    forgotten = ForgottenService(service)

    clock.now = T0 + timedelta(days=8)
    report = await passes.maintain(tenant)
    assert report.forgotten == [aside.id]
    assert await repository.get_memories(tenant, [aside.id]) == [None]  # out of the present
    assert aside.id not in {
        h.memory_id for h in await repository.fulltext_search(tenant, "allotment", 10)
    }
    (kept,) = await repository.get_forgotten(tenant, [aside.id])
    assert kept is not None and kept.forgotten_at == clock.now
    assert kept.memory.content == aside.content and kept.memory.status is MemoryStatus.DORMANT
    assert {(e.source, e.target, e.type) for e in kept.edges} == {
        (aside.id, anchor.id, EdgeType.TEMPORAL_SEQUENCE)
    }
    assert kept.facts == (fact_id,)
    assert "δ = 0" in kept.reason
    assert [f.id for f in await forgotten.page(tenant, first=10)] == [aside.id]
    (fact,) = await facts.repository.get_facts(tenant, [fact_id])
    assert fact is not None and fact.state is FactState.ACTIVE  # forgetting keeps what it said

    clock.now = T0 + timedelta(days=9)
    back = await forgotten.restore(tenant, [aside.id])
    assert back.restored == [aside.id] and back.not_found == []
    assert (back.edges, back.facts) == (1, 1)
    (restored,) = await service.get(tenant, [aside.id])
    assert restored is not None and restored.content == aside.content
    assert restored.received_at == clock.now and restored.created_at == aside.created_at
    incident = await repository.incident_edges(tenant, aside.id)
    assert {(e.source, e.target, e.type) for e in incident} == {
        (aside.id, anchor.id, EdgeType.TEMPORAL_SEQUENCE)
    }
    assert (await facts.repository.fact_asserters(tenant, [fact_id]))[fact_id] == [aside.id]
    assert await repository.get_forgotten(tenant, [aside.id]) == [None]
    assert (await forgotten.restore(tenant, [aside.id])).not_found == [aside.id]

    clock.now = T0 + timedelta(days=10)
    assert (await passes.maintain(tenant)).forgotten == []  # new here again: kept

    clock.now = T0 + timedelta(days=9 + ENGINE.imported_keep_days + 2)
    again = await passes.maintain(tenant)
    assert again.forgotten == [aside.id]
    clock.now += timedelta(days=ENGINE.forgotten_retention_days - 1)
    assert (await passes.maintain(tenant)).purged == []
    clock.now += timedelta(days=2)
    purge = await passes.maintain(tenant)
    assert purge.purged == [aside.id]
    assert await repository.get_forgotten(tenant, [aside.id]) == [None]
    assert (await forgotten.restore(tenant, [aside.id])).not_found == [aside.id]


async def test_a_whole_pass_is_restored_by_its_instant_and_a_dry_run_keeps_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock(T0)
    service = MemoryService(repository, HashEmbedder(), clock, ENGINE)
    ids = [
        (await service.store(tenant, StoreRequest(content=f"aside {i} about plot {i}"))).memory.id
        for i in range(3)
    ]
    passes = maintenance(service)
    forgotten = ForgottenService(service)
    clock.now = T0 + timedelta(days=8)
    dry = await passes.maintain(tenant, dry_run=True)
    assert sorted(dry.forgotten) == sorted(ids)
    assert await forgotten.page(tenant, first=10) == []
    report = await passes.maintain(tenant)
    assert sorted(report.forgotten) == sorted(ids)

    back = await forgotten.restore(tenant, forgotten_at=report.now)
    assert back.restored == sorted(ids)
    assert all(m is not None for m in await service.get(tenant, ids))
    assert await forgotten.page(tenant, first=10) == []


async def test_erasing_a_subject_deletes_the_forgotten_memories_that_name_it(
    repository: Backend, tenant: Tenant
) -> None:
    """Erasure leaves no trace of its subject in the archive either: a forgotten memory naming
    it goes for good (one not naming it stays restorable)."""
    clock = Clock(T0)
    settings = Settings(backend="falkordb", engine=ENGINE)
    async with compose_use_cases(settings, repository, HashEmbedder(), tenant, clock=clock) as uses:
        zoe = (
            await uses.writes.store(tenant, StoreRequest(content="Zoe Smith moved to Oslo"))
        ).result
        other = (
            await uses.writes.store(tenant, StoreRequest(content="the shed roof leaks"))
        ).result
        clock.now = T0 + timedelta(days=8)
        assert sorted((await uses.maintenance.maintain(tenant)).forgotten) == sorted(
            [zoe.memory.id, other.memory.id]
        )
        erasure = await uses.erasure.erase_subject(tenant, "Zoe Smith", by="test")
        assert erasure.forgotten_deleted == 1
        assert await repository.get_forgotten(tenant, [zoe.memory.id, other.memory.id]) == [
            None,
            (await repository.get_forgotten(tenant, [other.memory.id]))[0],
        ]
        assert [f.id for f in await uses.forgotten.page(tenant, first=10)] == [other.memory.id]
