"""The lifecycle on the real database: auto-links stay discriminative and capped, conflict
hints are returned and never stored, amendments supersede without deleting, reactivation
raises activation and cascades (1 hop revives a dormant neighbour, 2 hops do not), deletion
reports the orphans it makes, maintenance consolidates, promotes by preference and is
idempotent, and explain shows every number."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from datetime import datetime, timedelta

import pytest

from graph_backends import Backend
from schema import (
    Category,
    Conflict,
    EdgeCreator,
    EdgeType,
    MemoryStatus,
    NotFound,
    Tenant,
)
from service.adapters.embedding import Role, Vector
from service.engine.retention import activation
from service.engine.settings import EngineSettings
from service.usecases.core_preferences import CorePreferencesService, preferences
from service.usecases.explain import ExplainService
from service.usecases.memories import LinkRequest, MemoryService, RelatedEdge, StoreRequest
from service.usecases.reactivation import ReactivationReport, ReactivationService, Recalled
from service.usecases.recall import RecallService
from tests.engine_support import Clock, HashEmbedder, maintenance

ENGINE = EngineSettings(auto_link_floor=0.5)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(
    repository: Backend, tenant: Tenant, clock: Clock
) -> AsyncIterator[MemoryService]:
    yield MemoryService(repository, HashEmbedder(), clock, ENGINE)


def explainer(service: MemoryService) -> ExplainService:
    """Explanations over `service`, with a recall service over the same repository."""
    recall = RecallService(service.repository, service.embedder, service.now, service.engine)
    return ExplainService(service, recall)


async def put(service: MemoryService, tenant: Tenant, content: str, **fields: object) -> str:
    result = await service.store(tenant, StoreRequest(content=content, **fields))  # type: ignore[arg-type]
    return result.memory.id


async def test_auto_links_are_similar_capped_and_never_parallel(
    service: MemoryService, tenant: Tenant
) -> None:
    base = await put(service, tenant, "the blue heron nests by the lake")
    unrelated = await put(service, tenant, "quarterly tax forms are due in april")
    similar = await service.store(
        tenant, StoreRequest(content="the blue heron nests by the lake in spring")
    )
    assert [e.target for e in similar.auto_links] == [base]
    (edge,) = similar.auto_links
    assert (edge.type, edge.created_by) == (EdgeType.RELATED_TO, EdgeCreator.AUTO)
    assert similar.memory.status is MemoryStatus.ACTIVE
    assert unrelated not in {e.target for e in similar.auto_links}

    declared = await service.store(
        tenant,
        StoreRequest(
            content="the blue heron nests by the lake",
            related=(RelatedEdge(base, EdgeType.SUPPORTS),),
        ),
    )
    assert base not in {e.target for e in declared.auto_links}  # never parallel to SUPPORTS

    for i in range(6):
        r = await service.store(
            tenant, StoreRequest(content=f"the blue heron nests by the lake {i}")
        )
        assert len(r.auto_links) <= ENGINE.auto_link_max_per_store


async def test_inbound_auto_links_are_capped(repository: Backend, tenant: Tenant) -> None:
    service = MemoryService(
        repository,
        HashEmbedder(),
        Clock(),
        EngineSettings(auto_link_floor=0.5, auto_link_max_inbound=2, auto_link_max_per_store=1),
    )
    hub = await put(service, tenant, "solar panels on the roof")
    linked = 0
    for word in ("north", "south", "east", "west", "up"):
        r = await service.store(tenant, StoreRequest(content=f"solar panels on the roof {word}"))
        linked += sum(1 for e in r.auto_links if e.target == hub)
    assert linked == 2
    assert await repository.auto_link_inbound(tenant, [hub]) == [2]


async def test_conflict_hints_are_returned_not_stored(
    service: MemoryService, tenant: Tenant, repository: Backend
) -> None:
    rent = await put(service, tenant, "my rent is 1200 dollars a month")
    changed = await service.store(tenant, StoreRequest(content="my rent is 1500 dollars a month"))
    assert [(h.memory_id, h.kind) for h in changed.possible_conflicts] == [(rent, "changed_number")]
    assert "1200" in changed.possible_conflicts[0].detail
    negated = await service.store(
        tenant, StoreRequest(content="my rent is not 1200 dollars a month")
    )
    assert (rent, "negation") in {(h.memory_id, h.kind) for h in negated.possible_conflicts}
    calm = await service.store(tenant, StoreRequest(content="we walked the dog in the park"))
    assert calm.possible_conflicts == ()
    assert (await repository.stats(tenant)).edges[EdgeType.CONTRADICTS] == 0


async def test_amend_supersedes_without_deleting(service: MemoryService, tenant: Tenant) -> None:
    old = await put(service, tenant, "the meeting is on monday", entities=["meeting"])
    amended = await service.amend(tenant, old, "the meeting is on tuesday", reason="moved")
    (stored_old,) = await service.get(tenant, [old])
    assert stored_old is not None and stored_old.superseded_by == amended.memory.id
    assert amended.memory.entities == ("meeting",)
    sub = await service.traverse(tenant, amended.memory.id, depth=1)
    assert {(e.source, e.target, e.type, e.reason) for e in sub.edges} == {
        (amended.memory.id, old, EdgeType.SUPERSEDES, "moved")
    }
    with pytest.raises(Conflict, match="already superseded"):
        await service.amend(tenant, old, "the meeting is on friday")
    third = await service.amend(tenant, amended.memory.id, "the meeting is on friday")
    assert await service.supersession_chain(tenant, old) == [
        old,
        amended.memory.id,
        third.memory.id,
    ]
    with pytest.raises(NotFound):
        await service.amend(tenant, "00000000-0000-4000-8000-000000000000", "x")


async def test_reactivation_raises_activation_and_cascades(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    """seed —SUPPORTS— near —SUPPORTS— far; near and far are dormant."""
    seed = await put(service, tenant, "alpha one")
    near = await put(service, tenant, "bravo two", related=(RelatedEdge(seed, EdgeType.SUPPORTS),))
    far = await put(
        service, tenant, "charlie three", related=(RelatedEdge(near, EdgeType.SUPPORTS),)
    )
    dormant = [
        m.model_copy(update={"status": MemoryStatus.DORMANT})
        for m in await service.get(tenant, [near, far])
        if m
    ]
    await repository.update_memories(tenant, dormant, fields=("status",))
    clock.advance(hours=1)
    (before,) = await service.get(tenant, [seed])
    assert before is not None
    a0 = activation([before.created_at, *before.reactivation_timestamps], clock.now, ENGINE).value
    report = await ReactivationService(service).reactivate(tenant, [seed])
    (after,) = await service.get(tenant, [seed])
    assert after is not None
    a1 = activation([after.created_at, *after.reactivation_timestamps], clock.now, ENGINE).value
    assert a1 > a0 and after.reactivation_count == 1 and after.stability == pytest.approx(1.1)
    assert report.cascaded == {near: pytest.approx(0.3), far: pytest.approx(0.09)}
    assert report.revived == (near,)
    got = {m.id: m for m in await service.get(tenant, [near, far]) if m}
    assert got[near].status is MemoryStatus.EPISODIC and got[far].status is MemoryStatus.DORMANT
    assert got[near].cascade_count == 1 and got[near].reactivation_timestamps == ()
    assert got[near].last_reactivated_at == clock.now
    with pytest.raises(NotFound):
        await ReactivationService(service).reactivate(
            tenant, ["00000000-0000-4000-8000-000000000000"]
        )


async def _chain(service: MemoryService, tenant: Tenant) -> tuple[str, ...]:
    """a —SUPPORTS— x —SUPPORTS— y —CAUSED_BY— b, y —SUPPORTS— w —SUPPORTS— z."""
    a = await put(service, tenant, "alpha seed")
    x = await put(service, tenant, "x between", related=(RelatedEdge(a, EdgeType.SUPPORTS),))
    y = await put(service, tenant, "y between", related=(RelatedEdge(x, EdgeType.SUPPORTS),))
    b = await put(service, tenant, "bravo seed", related=(RelatedEdge(y, EdgeType.CAUSED_BY),))
    w = await put(service, tenant, "w beyond", related=(RelatedEdge(y, EdgeType.SUPPORTS),))
    z = await put(service, tenant, "z beyond", related=(RelatedEdge(w, EdgeType.SUPPORTS),))
    return a, x, y, b, w, z


async def test_a_cascade_from_several_seeds_takes_the_nearest(
    service: MemoryService, tenant: Tenant
) -> None:
    """a —SUPPORTS— x —SUPPORTS— y —CAUSED_BY— b, seeds a and b: x is 1 hop from a, y 1 hop
    from b (2 from a); the seeds themselves are never cascaded; z hangs 2 hops past y."""
    a, x, y, b, w, z = await _chain(service, tenant)
    report = await ReactivationService(service).reactivate(tenant, [a, b])
    assert report.direct == (a, b)
    assert report.cascaded == {
        x: pytest.approx(0.3),
        y: pytest.approx(0.3),
        w: pytest.approx(0.09),
    }
    got = {m.id: m for m in await service.get(tenant, [a, b, x, y, w, z]) if m}
    assert [got[i].cascade_count for i in (a, b, x, y, w, z)] == [0, 0, 1, 1, 1, 0]


async def test_delete_reports_new_orphans_as_removal_impact_predicts(
    service: MemoryService, tenant: Tenant, repository: Backend
) -> None:
    hub = await put(service, tenant, "hub memory x")
    leaf = await put(
        service, tenant, "leaf memory y", related=(RelatedEdge(hub, EdgeType.CAUSED_BY),)
    )
    other = await put(service, tenant, "other memory z")
    kept = await put(
        service,
        tenant,
        "kept memory w",
        related=(RelatedEdge(hub, EdgeType.SUPPORTS), RelatedEdge(other, EdgeType.SUPPORTS)),
    )
    predicted = await repository.removal_impact(tenant, hub)
    report = await service.delete(tenant, [hub, "00000000-0000-4000-8000-000000000000"])
    assert report.deleted == (hub,) and len(report.missing) == 1
    assert list(report.new_orphans) == predicted == [leaf]
    assert kept not in report.new_orphans


async def test_maintenance_consolidates_promotes_and_is_idempotent(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    ids = [
        await put(service, tenant, text, entities=["Acme"], category=Category.PROJECTS_ENDEAVORS)
        for text in ("Acme signed the contract.", "Acme sent the invoice.", "Acme paid late.")
    ]
    episodic = [
        m.model_copy(update={"status": MemoryStatus.EPISODIC})
        for m in await service.get(tenant, ids)
        if m
    ]
    await repository.update_memories(tenant, episodic, fields=("status",))
    favourite = await put(service, tenant, "I love green tea", category=Category.PREFERENCES_HABITS)
    secret = await put(
        service, tenant, "my pin code is secret", category=Category.FINANCIAL_MATERIAL
    )
    await CorePreferencesService(service).set_preferences(
        tenant, preferences(auto=["preferences_habits"], excluded=["financial_material"])
    )
    linked = await put(
        service, tenant, "held memory", related=(RelatedEdge(secret, EdgeType.SUPPORTS),)
    )
    await repository.update_memories(
        tenant,
        [
            m.model_copy(update={"status": MemoryStatus.ACTIVE})
            for m in await service.get(tenant, [favourite, secret, linked])
            if m
        ],
        fields=("status",),
    )
    clock.advance(days=1)
    first = await maintenance(service).maintain(tenant)
    (consolidation,) = first.consolidated
    assert consolidation.entity == "Acme" and set(consolidation.sources) == set(ids)
    (summary,) = await service.get(tenant, [consolidation.memory_id])
    assert summary is not None and summary.status is MemoryStatus.SEMANTIC
    assert "Acme signed the contract." in summary.content
    sub = await service.traverse(
        tenant, consolidation.memory_id, depth=1, edge_types=[EdgeType.DERIVED_FROM]
    )
    assert {e.target for e in sub.edges} == set(ids)
    assert favourite in first.promoted and secret not in first.promoted
    assert [m.id for m in await CorePreferencesService(service).list_core(tenant)] == [favourite]

    before = {m.id: m for m in await repository.all_memories(tenant)}
    second = await maintenance(service).maintain(tenant)
    assert not second.changed, second.summary()
    assert {m.id: m for m in await repository.all_memories(tenant)} == before


async def test_approval_preference_makes_candidates(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    await CorePreferencesService(service).set_preferences(
        tenant, preferences(approval=["identity_self_concept"])
    )
    me = await put(service, tenant, "I am a night owl", category=Category.IDENTITY_SELF_CONCEPT)
    friends = [  # unrelated texts: no auto-links among them, so me is the only hub
        await put(service, tenant, text, related=(RelatedEdge(me, EdgeType.SUPPORTS),))
        for text in ("apples in autumn", "zebra crossing", "violin lessons", "quantum physics")
    ]
    clock.advance(days=1)  # memories younger than one evaluation interval are not promoted
    for _ in range(5):
        await ReactivationService(service).reactivate(tenant, [me])
    report = await maintenance(service).maintain(tenant)
    assert me in report.awaiting_approval and me not in report.promoted
    assert await CorePreferencesService(service).candidates(tenant) == [me]
    await CorePreferencesService(service).approve(tenant, [me])
    assert await CorePreferencesService(service).candidates(tenant) == []
    (got,) = await service.get(tenant, [me])
    assert got is not None and got.status is MemoryStatus.CORE
    assert friends


async def test_hysteresis_counts_one_evaluation_per_interval(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    """active → episodic after 3 low evaluations, counted at most once per 24 h."""
    a = await put(service, tenant, "first node")
    b = await put(service, tenant, "second node", related=(RelatedEdge(a, EdgeType.CAUSED_BY),))
    seen = []
    for hours in (12, 12, 24, 24):
        clock.advance(hours=hours)
        await maintenance(service).maintain(tenant)
        (m,) = await service.get(tenant, [b])
        assert m is not None
        seen.append((m.status, m.irrelevance_counter))
    assert seen == [
        (MemoryStatus.ACTIVE, 1),
        (MemoryStatus.ACTIVE, 1),  # only 12 h since the last evaluation: not counted again
        (MemoryStatus.ACTIVE, 2),
        (MemoryStatus.EPISODIC, 0),
    ]


async def test_explain_shows_every_number(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    a = await put(service, tenant, "the lighthouse keeper", entities=["Keeper"])
    b = await put(
        service,
        tenant,
        "the keeper lit the lamp",
        related=(RelatedEdge(a, EdgeType.CAUSED_BY, reason="duty"),),
    )
    await service.link(tenant, [LinkRequest(a, b, EdgeType.CONTRADICTS)])
    clock.advance(seconds=100)
    e = await explainer(service).explain(tenant, a, query="what did the Keeper do")
    assert e.formula == "score = relevance × connectivity × activation"
    assert e.relevance is not None and e.relevance.shared_entities == ("keeper",)
    assert e.activation.value == pytest.approx(0.1, rel=1e-3)  # 100 s after a single write
    assert (e.connectivity.kappa, e.connectivity.delta) == (1, 1)
    assert e.removal_impact == (b,)
    assert {(x.edge.type, x.partition) for x in e.edges} == {
        (EdgeType.CAUSED_BY, "causal"),
        (EdgeType.CONTRADICTS, "negative"),
    }
    names = [c.name for c in e.forgetting.conjuncts]
    assert names == [
        "deletion_score_below_threshold",
        "orphan",
        "unprotected",
        "old_enough_and_eligible",
    ]
    assert not e.forgetting.forget
    assert e.category_policy.decay_per_hour == pytest.approx(0.005)
    with pytest.raises(NotFound):
        await explainer(service).explain(tenant, "00000000-0000-4000-8000-000000000000")


async def test_explain_says_when_a_pending_transition_happens(
    service: MemoryService, tenant: Tenant, clock: Clock
) -> None:
    """A transition whose conditions hold is not made until a maintenance pass evaluates the
    memory: explain names it and when that is — the next pass, or the first pass after the
    evaluation interval when one evaluated the memory recently — and the pass then makes it."""
    lonely = await put(service, tenant, "a note nobody links to")
    explain = explainer(service)
    e = await explain.explain(tenant, lonely)
    assert e.memory.status is MemoryStatus.TAGGED and e.pending_transition is None

    clock.advance(hours=23)
    await maintenance(service).maintain(tenant)  # evaluated: still tagged, 1 h to go
    clock.advance(hours=2)  # 25 h old: the tagged timeout has passed
    pending = (await explain.explain(tenant, lonely)).pending_transition
    assert pending is not None and pending.to is MemoryStatus.DORMANT
    assert "no supportive edge" in pending.reason
    evaluated_at = clock.now - timedelta(hours=2)
    due = evaluated_at + timedelta(hours=ENGINE.evaluation_interval_hours)
    assert pending.due == due
    assert pending.when.startswith(f"at the first maintenance pass after {due.isoformat()}")
    await maintenance(service).maintain(tenant)  # too soon: the memory is not evaluated
    (memory,) = await service.get(tenant, [lonely])
    assert memory is not None and memory.status is MemoryStatus.TAGGED

    clock.now = due
    pending = (await explain.explain(tenant, lonely)).pending_transition
    assert pending is not None and pending.to is MemoryStatus.DORMANT
    assert (pending.due, pending.when) == (due, "at the next maintenance pass")
    await maintenance(service).maintain(tenant)
    e = await explain.explain(tenant, lonely)
    assert e.memory.status is MemoryStatus.DORMANT and e.pending_transition is None


async def test_a_summary_promoted_or_dormant_still_counts_as_consolidated(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    """Found by bench/maintain.py at 100k: a summary promoted to core was summarised again."""
    ids = [
        await put(service, tenant, f"Zed {word}.", entities=["Zed"])
        for word in ("arrived", "cooked", "left")
    ]
    await repository.update_memories(
        tenant,
        [
            m.model_copy(update={"status": MemoryStatus.EPISODIC})
            for m in await service.get(tenant, ids)
            if m
        ],
        fields=("status",),
    )
    clock.advance(days=1)
    (first,) = (await maintenance(service).maintain(tenant)).consolidated
    await CorePreferencesService(service).approve(tenant, [first.memory_id])
    clock.advance(days=1)
    assert (await maintenance(service).maintain(tenant)).consolidated == []


async def test_inbound_cap_holds_within_one_batch(repository: Backend, tenant: Tenant) -> None:
    service = MemoryService(
        repository,
        HashEmbedder(),
        Clock(),
        EngineSettings(auto_link_floor=0.5, auto_link_max_inbound=2),
    )
    hub = await put(service, tenant, "wind turbines on the hill")
    results = await service.store_each(
        tenant,
        [
            StoreRequest(content=f"wind turbines on the hill {w}")
            for w in ("north", "south", "east", "west", "up")
        ],
    )
    linked = sum(
        1 for r in results if not isinstance(r, Exception) for e in r.auto_links if e.target == hub
    )
    assert linked == 2
    assert await repository.auto_link_inbound(tenant, [hub]) == [2]


async def test_consolidation_alone_touches_nothing_else_and_is_idempotent(
    service: MemoryService, tenant: Tenant, repository: Backend, clock: Clock
) -> None:
    ids = [
        await put(service, tenant, text, entities=["Acme"])
        for text in ("Acme signed the contract.", "Acme sent the invoice.", "Acme paid late.")
    ]
    await repository.update_memories(
        tenant,
        [
            m.model_copy(update={"status": MemoryStatus.EPISODIC})
            for m in await service.get(tenant, ids)
            if m
        ],
        fields=("status",),
    )
    other = await put(service, tenant, "an unrelated tagged memory")
    clock.advance(days=30)
    before = {m.id: m for m in await repository.all_memories(tenant)}
    dry = await maintenance(service).consolidate(tenant, dry_run=True)
    assert len(dry.consolidated) == 1
    assert {m.id: m for m in await repository.all_memories(tenant)} == before
    report = await maintenance(service).consolidate(tenant)
    (made,) = report.consolidated
    assert set(made.sources) == set(ids)
    after = {m.id: m for m in await repository.all_memories(tenant)}
    assert set(after) == set(before) | {made.memory_id}
    assert all(after[i] == before[i] for i in before)  # no rescoring, transitions or forgetting
    assert after[other].status is MemoryStatus.TAGGED
    assert (await maintenance(service).consolidate(tenant)).consolidated == []


async def test_recalls_reactivated_together_count_as_one_after_another(
    service: MemoryService, tenant: Tenant, clock: Clock
) -> None:
    """a —SUPPORTS— x —SUPPORTS— y —CAUSED_BY— b, y —SUPPORTS— w —SUPPORTS— z; three recalls
    (given out of order) hit [a], [b, a] and [x, gone] (gone is deleted before they apply).
    Each hit gets one presentation per recall, each memory counts every recall's cascade that
    reached it (two hops, a recall's own hits excluded), and every stamp of a cascade is the
    batch's latest time — also on a memory that was hit earlier in the batch."""
    a, x, y, b, w, z = await _chain(service, tenant)
    gone = await put(service, tenant, "gone soon", related=(RelatedEdge(z, EdgeType.SUPPORTS),))
    t1, t2, t3 = (clock.now + timedelta(minutes=m) for m in (1, 2, 3))
    await service.delete(tenant, [gone])
    report = await ReactivationService(service).reactivate_recalls(
        tenant,
        [Recalled((x, gone), t3), Recalled((a,), t1), Recalled((b, a, b), t2)],
    )
    assert report.direct == (a, b, x)
    assert report.cascaded == {
        a: pytest.approx(0.3),
        b: pytest.approx(0.09),
        x: pytest.approx(0.3),
        y: pytest.approx(0.3),
        w: pytest.approx(0.09),
    }
    got = {m.id: m for m in await service.get(tenant, [a, b, x, y, w, z]) if m}
    assert [got[i].reactivation_timestamps for i in (a, b, x, y)] == [(t1, t2), (t2,), (t3,), ()]
    assert [got[i].reactivation_count for i in (a, b, x, y)] == [2, 1, 1, 0]
    assert got[a].stability == pytest.approx(1.1 + 0.1 / 1.1)
    assert [got[i].last_accessed_at for i in (a, b, x)] == [t2, t2, t3]
    assert [got[i].cascade_count for i in (a, b, x, y, w, z)] == [1, 1, 2, 3, 2, 0]
    assert [got[i].last_reactivated_at for i in (a, b, x, y, w, z)] == [t3] * 5 + [None]


async def test_reactivating_recalls_of_a_tenant_dropped_since_brings_nothing_back(
    service: MemoryService, tenant: Tenant, clock: Clock
) -> None:
    """A recall's reactivation is queued; another process drops the tenant before the batch
    is written (here: the drop goes to the repository, past this process's schema cache). The
    batch writes nothing, and the tenant stays gone — before, FalkorDB's in-place path
    ensured the schema first and brought the tenant back, empty."""
    hit = await put(service, tenant, "recalled just before the project was dropped")
    await service.get(tenant, [hit])  # this process now holds the tenant as ready
    await service.repository.drop_tenant(tenant)
    report = await ReactivationService(service).reactivate_recalls(
        tenant, [Recalled((hit,), clock.now + timedelta(minutes=1))]
    )
    assert report.direct == ()
    assert not await service.repository.tenant_exists(tenant)
    assert tenant not in await service.repository.list_tenants()


async def test_reactivating_nothing_or_only_deleted_hits_writes_nothing(
    service: MemoryService, tenant: Tenant, clock: Clock
) -> None:
    gone = await put(service, tenant, "gone soon")
    await service.delete(tenant, [gone])
    assert await ReactivationService(service).reactivate_recalls(tenant, []) == ReactivationReport(
        (), {}, (), 0
    )
    report = await ReactivationService(service).reactivate_recalls(
        tenant, [Recalled((gone,), clock.now)]
    )
    assert report == ReactivationReport((), {}, (), 0)


class _Ticking(Clock):
    """A clock a millisecond later at every reading: stores are ordered in time."""

    def __call__(self) -> datetime:
        return self.advance(milliseconds=1)


class _SlowerForEarlierTurns(HashEmbedder):
    """Embeds "turn N" after (9 − N) × 5 ms: the turns that read the clock first finish
    last, so the order stores write in is not the order they started in."""

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        await asyncio.sleep((9 - int(texts[0].split()[-1])) * 0.005)
        return await super().embed(texts, role=role)


async def test_concurrent_turns_of_a_session_form_one_chain(
    tenant: Tenant, repository: Backend
) -> None:
    """Each new turn follows the session's newest: stores of one session arriving together
    must not all follow the same turn (the session would fork), so each turn has at most one
    successor and the TEMPORAL_SEQUENCE edges chain every turn."""
    service = MemoryService(repository, _SlowerForEarlierTurns(), _Ticking(), ENGINE)
    first = await put(service, tenant, "turn 0", source_session="chat")
    rest = await asyncio.gather(
        *(put(service, tenant, f"turn {i}", source_session="chat") for i in range(1, 9))
    )
    ids = [first, *rest]
    edges = [
        e
        for m in ids
        for e in await repository.incident_edges(tenant, m)
        if e.type is EdgeType.TEMPORAL_SEQUENCE and e.source == m
    ]
    successors = {e.source: e.target for e in edges}
    assert len(edges) == len(successors) == len(ids) - 1  # no turn followed twice
    chain, at = [first], first
    while at in successors:
        at = successors[at]
        chain.append(at)
    assert sorted(chain) == sorted(ids)
