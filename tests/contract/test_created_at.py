"""A memory stored with its own creation instant (`StoreRequest.created_at`, history imported
with its real time) ranks and ages as if it had been stored then, on every backend: the next
maintenance pass gives it the status and score of one stored at that instant — but its
forgetting and dormancy clocks start when the service received it, and history is not
forgotten within `imported_keep_days` of its receipt (issue 49: two nightly passes deleted
three quarters of an imported conversation). Its session chain follows creation instants
whatever order the turns arrive in, and an instant in the future beyond the allowed skew or
before 1970 is refused, naming the field, with nothing written."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from graph_backends import GraphRepository
from schema import EdgeType, InvalidInput, MemoryStatus, Tenant
from service.engine.settings import EngineSettings
from service.usecases.forgotten import ForgottenService
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from tests.engine_support import Clock, HashEmbedder, maintenance
from tests.factories import T0

#: No auto-links: the two histories compared below must not touch each other.
ENGINE = EngineSettings(auto_link_max_per_store=0, created_at_max_skew_seconds=300)
YEAR = timedelta(days=365)


def service_on(repository: GraphRepository, clock: Clock) -> MemoryService:
    return MemoryService(repository, HashEmbedder(), clock, ENGINE)


async def history(
    service: MemoryService, tenant: Tenant, tag: str, created_at: datetime | None
) -> tuple[str, str, str]:
    """A remembered fact, a note that supports it, and an unconnected aside (ids)."""

    async def put(content: str, **fields: object) -> str:
        request = StoreRequest(content=content, created_at=created_at, **fields)  # type: ignore[arg-type]
        return (await service.store(tenant, request)).memory.id

    base = await put(f"{tag}: the boiler was serviced by Hanna")
    note = await put(
        f"{tag}: Hanna left the invoice on the shelf",
        related=(RelatedEdge(base, EdgeType.SUPPORTS),),
    )
    aside = await put(f"{tag}: an aside nobody links to")
    return base, note, aside


async def test_a_memory_imported_a_year_ago_ages_like_one_stored_a_year_ago(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """After one maintenance pass, memories imported with a creation instant a year ago have
    the status and score of the same memories stored with the clock a year back (ranking and
    decay read `created_at`), and the unconnected one stored a year ago is forgotten — but not
    the imported one: it arrived today, so it is kept (issue 49); the same memories stored
    today without an instant are not forgotten either (too young)."""
    clock = Clock(T0 - YEAR)
    service = service_on(repository, clock)
    clocked = await history(service, tenant, "clocked", None)
    clock.now = T0
    imported = await history(service, tenant, "imported", T0 - YEAR)
    today = await history(service, tenant, "today", None)

    report = await maintenance(service).maintain(tenant)

    assert set(report.forgotten) == {clocked[2]}
    got = {
        m.id: m
        for m in await service.get(tenant, [*clocked[:2], *imported, *today])
        if m is not None
    }
    assert got[imported[2]].received_at == T0
    assert got[imported[2]].status is MemoryStatus.TAGGED  # its tagged timeout runs from T0
    for old, new in zip(clocked[:2], imported[:2], strict=True):
        assert got[new].created_at == got[old].created_at == T0 - YEAR
        assert got[new].status is got[old].status
        assert got[new].score == pytest.approx(got[old].score, abs=1e-12)
        assert got[new].irrelevance_counter == got[old].irrelevance_counter
    assert got[clocked[0]].status is MemoryStatus.ACTIVE
    assert all(i in got for i in today)  # stored now: too young to forget
    assert got[today[0]].score > got[imported[0]].score


async def test_an_imported_conversation_survives_the_nights_after_its_import(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """Issue 49's repro: a year-old conversation (one session, turns a minute apart, never
    recalled, orphans but for their session chain) imported, then maintained nightly. Every
    pass within `imported_keep_days` of the import forgets nothing (on the old code two passes
    deleted most of it); the first pass after that window finds every turn forgettable, and
    the mass-forgetting guard holds it — nothing is forgotten until an operator allows it; and
    what is then forgotten is kept, and the whole pass comes back with its session chain."""
    clock = Clock(T0)
    service = service_on(repository, clock)
    began = T0 - YEAR
    turns = [
        StoreRequest(
            content=f"turn {i}: we talked about the garden, plan {i}",
            source_session="conversation-0",
            created_at=began + timedelta(minutes=i),
        )
        for i in range(30)
    ]
    ids = [r.memory.id for r in await service.store_each(tenant, turns)]  # type: ignore[union-attr]
    passes = maintenance(service)
    for night in (1, 2, 8, 30, 89):
        clock.now = T0 + timedelta(days=night, hours=3)
        report = await passes.maintain(tenant)
        assert report.forgotten == [], f"night {night}: forgot {len(report.forgotten)}"
        assert report.forgetting_held is None
    kept = await service.get(tenant, ids)
    assert all(m is not None for m in kept)
    assert {m.status for m in kept if m is not None} == {MemoryStatus.DORMANT}

    clock.now = T0 + timedelta(days=91)
    held = await passes.maintain(tenant)
    assert held.forgotten == []
    assert sorted(held.would_forget) == sorted(ids)
    assert held.forgetting_held is not None and "30 of 30" in held.forgetting_held
    assert all(m is not None for m in await service.get(tenant, ids))

    allowed = await passes.maintain(tenant, allow_mass_forgetting=True)
    assert sorted(allowed.forgotten) == sorted(ids)
    assert allowed.forgetting_held is None
    # Forgotten to the archive, not deleted: the whole pass comes back, chain and all.
    kept = ForgottenService(service)
    assert sorted(f.id for f in await kept.page(tenant, first=100)) == sorted(ids)
    back = await kept.restore(tenant, forgotten_at=allowed.now)
    assert back.restored == sorted(ids) and back.edges == len(ids) - 1
    assert len(await temporal_edges(repository, tenant, ids)) == len(ids) - 1


async def temporal_edges(
    repository: GraphRepository, tenant: Tenant, ids: Sequence[str]
) -> set[tuple[str, str]]:
    edges = set()
    for memory_id in ids:
        for e in await repository.incident_edges(tenant, memory_id):
            if e.type is EdgeType.TEMPORAL_SEQUENCE:
                edges.add((e.source, e.target))
    return edges


async def test_a_session_chain_follows_creation_instants_not_arrival(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """Turns imported out of order, one by one and in a batch, and then a live turn, end as
    one chain in creation order: each imported turn takes its place between the turns just
    before and after it (their old edge goes), and the live turn follows the newest."""
    clock = Clock(T0)
    service = service_on(repository, clock)
    at = [T0 - timedelta(hours=10 - i) for i in range(6)]

    async def turn(i: int) -> StoreRequest:
        return StoreRequest(content=f"turn {i}", source_session="s1", created_at=at[i])

    ids: dict[int, str] = {}
    for i in (4, 1, 5):
        ids[i] = (await service.store(tenant, await turn(i))).memory.id
    batch = await service.store_each(tenant, [await turn(3), await turn(0), await turn(2)])
    for i, result in zip((3, 0, 2), batch, strict=True):
        assert not isinstance(result, BaseException)
        ids[i] = result.memory.id
    live = (await service.store(tenant, StoreRequest(content="now", source_session="s1"))).memory
    assert live.created_at == T0
    order = [ids[i] for i in range(6)] + [live.id]

    assert await temporal_edges(repository, tenant, order) == set(pairwise(order))
    stored = await service.get(tenant, order[:6])
    assert [m.created_at for m in stored if m is not None] == at


async def test_an_instant_too_far_ahead_or_before_1970_is_refused(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """A client clock a little fast is accepted (within the skew); beyond it, before 1970,
    or without a time zone the store is refused with `InvalidInput` naming the field and
    the limit, and nothing is written; in a batch only that item fails."""
    clock = Clock(T0)
    service = service_on(repository, clock)
    ahead = await service.store(
        tenant, StoreRequest(content="a fast clock", created_at=T0 + timedelta(minutes=4))
    )
    assert ahead.memory.created_at == T0 + timedelta(minutes=4)
    for wanted, says in (
        (T0 + timedelta(minutes=6), "in the future"),
        (datetime(1969, 12, 31, 23, 59, tzinfo=UTC), "before the limit 1970-01-01"),
        (datetime(2025, 6, 1, 12, 0), "no time zone"),
    ):
        with pytest.raises(InvalidInput) as refused:
            await service.store(tenant, StoreRequest(content="refused", created_at=wanted))
        assert refused.value.field == "memories[0].created_at"
        assert says in str(refused.value)
    good, bad = await service.store_each(
        tenant,
        [
            StoreRequest(content="fine", created_at=T0 - YEAR),
            StoreRequest(content="ahead", created_at=T0 + timedelta(hours=1)),
        ],
    )
    assert isinstance(bad, InvalidInput) and bad.field == "memories[1].created_at"
    assert not isinstance(good, BaseException)
    assert (await repository.stats(tenant)).memories == 2
