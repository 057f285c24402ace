"""What the SurrealDB fact layer adds to the shared contract: the fact writers of one process
apply one after the other, each planned once; writers of two processes are caught inside the
transaction and plan again; a write planned on a stale snapshot is refused and writes nothing;
the lock records turn the write skew that snapshot isolation allows (two writers that only
read an empty slot both inserting) into a conflict; a late projection never reopens the edge
of a closed fact; a missing HNSW index is an error, not a silent table scan; the fact reads
seek their indexes; leases are exclusive; a fact vector index of another dimension is refused.

The SurrealDB embedded engine runs here whatever RETENTIA_BACKEND selects: it needs no server.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from typing import Any, cast

import pytest

from graph_backends import (
    Backend,
    BackendError,
    SchemaMismatch,
    SurrealConfig,
    open_backend,
)
from graph_backends._common.fact_records import fact_props
from graph_backends.surrealdb.client import Outcome
from graph_backends.surrealdb.repository import SurrealRepository
from graph_backends.surrealdb.steps import SnapshotChanged, step
from graph_backends.surrealdb.surrealql import QueryName, load
from schema import FactState, Tenant
from schema.facts import (
    Fact,
    FactQuery,
    FactSnapshot,
    FactWrite,
    FactWriter,
    Relation,
    entity_id,
)
from service.usecases.facts import FactService
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import Clock, HashEmbedder, TickingClock
from tests.factories import T0, memory, unit_vector

ALICE = entity_id("alice")
SLOT = "slot\x1falice\x1fworks at"


@pytest.fixture(scope="module")
async def surreal() -> AsyncIterator[SurrealRepository]:
    async with open_backend(SurrealConfig(url="mem://", vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, SurrealRepository)
        yield repo


@pytest.fixture
async def tenant(surreal: SurrealRepository) -> AsyncIterator[Tenant]:
    t = new_tenant()
    await surreal.ensure_schema(t)
    await surreal.ensure_fact_schema(t)
    try:
        yield t
    finally:
        await surreal.drop_tenant(t)


def works_at(company: str) -> Fact:
    """An active single-valued "Alice works at <company>" fact, as the service builds it."""
    return Fact(
        id=str(uuid.uuid4()),
        subject="Alice",
        predicate="works at",
        object=company,
        subject_key="alice",
        predicate_key="works at",
        object_key=company.lower(),
        subject_entity=ALICE,
        conflict_key=SLOT,
        single_valued=True,
        fingerprint=hashlib.sha256(company.encode()).hexdigest(),
        valid_from=T0,
        recorded_at=T0,
    )


def check(active: list[str], fingerprints: list[str]) -> dict[str, Any]:
    """check_fact_snapshot's parameters for a slot whose facts are the `active` ids."""
    return {
        "keys": [SLOT],
        "fingerprints": fingerprints,
        "signatures": [f"{i}:active" for i in active],
        "recorded": [],
    }


def entities() -> dict[str, Any]:
    return {"entities": [{"id": ALICE, "name": "Alice", "key": "alice"}]}


async def test_a_write_planned_on_a_stale_snapshot_is_refused_and_writes_nothing(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    svc = FactService(surreal, Clock())
    done = await svc.apply_facts(
        tenant, [{"subject": "Alice", "predicate": "works at", "object": "Acme"}], FactWriter.API
    )
    newer = works_at("Globex")
    steps = [
        # planned as if the slot were empty: the Acme fact is missing from `signatures`
        step(QueryName.CHECK_FACT_SNAPSHOT, check([], [newer.fingerprint])),
        step(QueryName.INSERT_FACTS, {"facts": [fact_props(newer)]}),
    ]
    # Reaches under the seam on purpose: commit_facts always sends a fresh snapshot.
    with pytest.raises(SnapshotChanged):
        await surreal._transact(tenant, steps, retry_conflicts=False)
    assert await surreal.get_facts(tenant, [newer.id]) == [None]
    fresh = check([done.results[0].fact_id or ""], [newer.fingerprint])
    steps[0] = step(QueryName.CHECK_FACT_SNAPSHOT, fresh)
    await surreal._transact(tenant, steps, retry_conflicts=False)
    assert (await surreal.get_facts(tenant, [newer.id]))[0] == newer


async def _slow_insert(
    surreal: SurrealRepository, tenant: Tenant, first: tuple[QueryName, dict[str, Any]], fact: Fact
) -> list[Outcome]:
    """One transaction: `first`, a pause that makes two of them overlap, then the insert."""
    steps = [
        step(first[0], first[1]),
        step(QueryName.MERGE_ENTITIES, entities()),
        step(QueryName.INSERT_FACTS, {"facts": [fact_props(fact)]}),
    ]
    lines = ["USE NS $tenant_ns DB $tenant_db;", "BEGIN TRANSACTION;"]
    variables: dict[str, Any] = {"tenant_ns": tenant.org, "tenant_db": tenant.project}
    for i, (query, params, _) in enumerate(steps):
        variables.update(query.bind(params))
        lines.append(f"LET $step_{i} = {{\n{query.render()}\n}};")
        if i == 0:
            lines.append("SLEEP 150ms;")
    lines += ["RETURN [$step_0, $step_1, $step_2];", "COMMIT TRANSACTION;"]
    return await surreal._client.run("\n".join(lines), variables)


async def test_lock_records_turn_write_skew_into_a_conflict(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Snapshot isolation lets two transactions that read an empty slot both insert (the
    control); with check_fact_snapshot's lock records one of them fails its COMMIT."""
    other = new_tenant()
    await surreal.ensure_fact_schema(other)
    for t in (tenant, other):  # the entity exists: only the facts race
        await surreal._write(t, [step(QueryName.MERGE_ENTITIES, entities())])
    read_only = (QueryName.FACTS_BY_KEYS, {"keys": [SLOT]})
    both = await asyncio.gather(
        *(_slow_insert(surreal, tenant, read_only, works_at(c)) for c in ("A", "B"))
    )
    assert [all(o.ok for o in outcomes) for outcomes in both] == [True, True]
    assert len(await surreal.find_facts(tenant, FactQuery(subject="alice"))) == 2

    try:
        racing = [works_at("C"), works_at("D")]
        results = await asyncio.gather(
            *(
                _slow_insert(
                    surreal,
                    other,
                    (QueryName.CHECK_FACT_SNAPSHOT, check([], [f.fingerprint])),
                    f,
                )
                for f in racing
            )
        )
        committed = [all(o.ok for o in outcomes) for outcomes in results]
        assert sorted(committed) == [False, True]
        (lost,) = [outcomes for outcomes, ok in zip(results, committed, strict=True) if not ok]
        assert (lost[-1].kind, lost[-1].detail) == ("Query", "TransactionConflict")
        assert len(await surreal.find_facts(other, FactQuery(subject="alice"))) == 1
    finally:
        await surreal.drop_tenant(other)


class CountingPlans:
    """A repository that counts how often fact writes are planned."""

    def __init__(self, repository: SurrealRepository) -> None:
        self.repository = repository
        self.plans = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repository, name)

    async def commit_facts(
        self, tenant: Tenant, *, plan: Callable[[FactSnapshot], FactWrite], **kwargs: Any
    ) -> FactWrite:
        def counted(snapshot: FactSnapshot) -> FactWrite:
            self.plans += 1
            return plan(snapshot)

        return await self.repository.commit_facts(tenant, plan=counted, **kwargs)


def works_at_input(company: str) -> dict[str, Any]:
    return {"subject": "Alice", "predicate": "works at", "object": company}


async def test_writers_in_one_process_apply_one_after_the_other(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Eight concurrent writers of one slot through one repository plan once each, every one
    on what the one before it wrote (the tenant's write lock, not the engine's conflict
    detection), and the supersession chain is total."""
    store = CountingPlans(surreal)
    svc = FactService(cast(Backend, store), TickingClock())
    await svc.apply_facts(tenant, [works_at_input("Start")], FactWriter.API)
    results = await asyncio.gather(
        *(svc.apply_facts(tenant, [works_at_input(f"Co {i}")], FactWriter.API) for i in range(8))
    )
    assert store.plans == 9
    assert len({r.results[0].others[0] for r in results}) == 8
    history = await svc.slot_history(tenant, "Alice", "works at")
    assert [f.state for f in history].count(FactState.ACTIVE) == 1


async def test_writers_in_two_processes_plan_again(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Two repositories on one engine stand for two processes sharing a server: their writers
    meet only inside the transaction, where a plan made on a stale snapshot is refused and
    made again on a fresh one."""
    stores = [
        CountingPlans(surreal),
        CountingPlans(SurrealRepository(surreal._client, vector_dimension=DIMENSION)),
    ]
    clock = TickingClock()  # one clock, as two processes on one machine share one
    services = [FactService(cast(Backend, store), clock) for store in stores]
    await services[0].apply_facts(tenant, [works_at_input("Start")], FactWriter.API)
    results = await asyncio.gather(
        *(
            services[i % 2].apply_facts(tenant, [works_at_input(f"Co {i}")], FactWriter.API)
            for i in range(8)
        )
    )
    assert all(r.superseded == 1 for r in results)
    # Whether two writers meet inside the engine depends on scheduling, so re-planning is
    # allowed, not required; what must hold is one active fact at the end of a total chain.
    assert sum(store.plans for store in stores) >= 9
    history = await services[0].slot_history(tenant, "Alice", "works at")
    assert [f.state for f in history].count(FactState.ACTIVE) == 1
    assert len({r.results[0].others[0] for r in results}) == 8


async def test_a_late_projection_never_reopens_a_closed_fact(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """A writer killed between its fact write and its projection, then superseded: projecting
    its edge now changes nothing (as upsert_relations.cypher does), while an edge for a fact
    that does not exist is still created (the reconciler's drift tests rely on that)."""
    clock = Clock()

    def kill(point: str) -> None:
        raise RuntimeError(point)

    dying = FactService(surreal, clock, fault=kill)
    with pytest.raises(RuntimeError, match="after_fact_write"):
        await dying.apply_facts(tenant, [works_at_input("Acme")], FactWriter.API)
    (acme,) = await surreal.find_facts(tenant, FactQuery(subject="alice"))
    clock.advance(days=1)
    await FactService(surreal, clock).apply_facts(
        tenant, [works_at_input("Globex")], FactWriter.API
    )
    late = Relation(source=ALICE, target=entity_id("acme"), predicate="works at", fact_id=acme.id)
    assert (await surreal.project_relations(tenant, [late], [], clock())).total == 0
    open_now = await surreal.open_relations(tenant, clock())
    assert [r.target for r in open_now] == [entity_id("globex")]
    unknown = late.model_copy(update={"fact_id": "not-a-fact"})
    assert (await surreal.project_relations(tenant, [unknown], [], clock())).created == 1


async def test_a_missing_vector_index_is_an_error_not_a_table_scan(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Without its HNSW index SurrealDB 3.2 drops the `<|k,ef|>` condition and returns every
    row without a distance; the repository refuses that answer."""
    clock = Clock()
    svc = FactService(surreal, clock, embedder=HashEmbedder())
    await surreal.upsert_memories(tenant, [memory("one", seed=1), memory("two", seed=2)])
    await svc.apply_facts(
        tenant, [{"subject": "Alice", "predicate": "works at", "object": "Acme"}], FactWriter.API
    )
    assert len(await surreal.vector_search(tenant, unit_vector(1), 1)) == 1
    assert len(await surreal.fact_vector_search(tenant, unit_vector(1), clock(), 1)) == 1
    for index, table in (
        ("memory_vector_embedding", "memory_vector"),
        ("fact_vector_embedding", "fact_vector"),
    ):
        await surreal._client.run(
            f"USE NS $ns DB $db; REMOVE INDEX {index} ON {table};",
            {"ns": tenant.org, "db": tenant.project},
        )
    with pytest.raises(BackendError, match="memory_vector_embedding"):
        await surreal.vector_search(tenant, unit_vector(1), 1)
    with pytest.raises(BackendError, match="fact_vector_embedding"):
        await surreal.fact_vector_search(tenant, unit_vector(1), clock(), 1)


@pytest.mark.parametrize(
    ("name", "params", "index"),
    [
        (QueryName.FACTS_BY_KEYS, {"keys": [SLOT, "x"]}, "fact_conflict_key"),
        (QueryName.FACTS_BY_FINGERPRINTS, {"fingerprints": ["a", "b"]}, "fact_fingerprint"),
        (QueryName.ACTIVE_STATE_FACTS, {}, "fact_state"),
        (
            QueryName.FIND_SUBJECT_FACTS,
            {
                "subject": "alice",
                "predicate": None,
                "states": ["active"],
                "at": 0,
                "start": None,
                "end": None,
                "sign": -1,
                "after_started": -1,
                "after_recorded": -1,
                "after_id": "f",
                "limit": 10,
            },
            "fact_subject_key",
        ),
    ],
)
async def test_fact_reads_seek_their_indexes(
    surreal: SurrealRepository, tenant: Tenant, name: QueryName, params: dict[str, Any], index: str
) -> None:
    query = load(name)
    (*_, plan) = await surreal._client.run(
        f"USE NS $tenant_ns DB $tenant_db; EXPLAIN {query.render()};",
        {"tenant_ns": tenant.org, "tenant_db": tenant.project, **query.bind(params)},
    )
    assert plan.ok and f"IndexScan [ctx: Db] [index: {index}" in str(plan.value)


async def test_another_fact_vector_dimension_is_refused(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    other = SurrealRepository(surreal._client, vector_dimension=DIMENSION // 2)
    with pytest.raises(SchemaMismatch, match="fact vector index"):
        await other.ensure_fact_schema(tenant)


async def test_leases_are_exclusive_under_concurrent_takers(
    surreal: SurrealRepository, tenant: Tenant
) -> None:
    """Ten owners take one lease at once: exactly one holds it; it can be renewed by its owner,
    released, and taken by another once released or expired."""
    now = T0
    taken = await asyncio.gather(
        *(
            surreal.acquire_lease(tenant, "reconcile", f"o{i}", now, timedelta(minutes=1))
            for i in range(10)
        )
    )
    assert taken.count(True) == 1
    holder = f"o{taken.index(True)}"
    other = "o0" if holder != "o0" else "o1"
    ttl = timedelta(minutes=1)
    assert await surreal.acquire_lease(tenant, "reconcile", holder, now, ttl)
    assert not await surreal.acquire_lease(tenant, "reconcile", other, now, ttl)
    assert await surreal.acquire_lease(tenant, "reconcile", other, now + 2 * ttl, ttl)
    await surreal.release_lease(tenant, "reconcile", other)
    assert await surreal.acquire_lease(tenant, "reconcile", holder, now + 2 * ttl, ttl)
