"""Property: on any tenant — random statuses, ages, recalls, protections, entities, edges of
every type and creator, supersession — a maintenance pass run twice at the same instant changes
nothing the second time, and never forgets a protected memory."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import GraphRepository
from schema import EdgeCreator, EdgeType, Memory, MemoryEdge, MemoryStatus, Visibility
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder, maintenance
from tests.factories import T0, unit_vector

NOW = T0 + timedelta(days=400)
ENTITIES = ["Ann", "Bo", "Cy"]


@st.composite
def tenants(draw: st.DrawFn) -> tuple[list[Memory], list[MemoryEdge]]:
    n = draw(st.integers(min_value=1, max_value=14))
    memories = []
    for i in range(n):
        age = draw(st.floats(min_value=0.0, max_value=400.0))
        created = NOW - timedelta(days=age)
        recalls = draw(st.lists(st.floats(min_value=0.0, max_value=age), max_size=4))
        evaluated = draw(st.none() | st.floats(min_value=0.0, max_value=3.0))
        memories.append(
            Memory(
                id=f"00000000-0000-4000-8000-{i:012d}",
                content=f"memory {i} about " + " ".join(draw(st.sets(st.sampled_from(ENTITIES)))),
                created_at=created,
                embedding=unit_vector(i),
                status=draw(st.sampled_from(list(MemoryStatus))),
                entities=tuple(draw(st.sets(st.sampled_from(ENTITIES)))),
                pinned=draw(st.booleans()),
                visibility=draw(st.sampled_from(list(Visibility))),
                reactivation_timestamps=tuple(sorted(NOW - timedelta(days=r) for r in recalls)),
                reactivation_count=len(recalls),
                last_reactivated_at=(NOW - timedelta(days=min(recalls))) if recalls else None,
                irrelevance_counter=draw(st.integers(0, 3)),
                last_evaluated_at=None if evaluated is None else NOW - timedelta(days=evaluated),
            )
        )
    edges = []
    if n > 1:
        pairs = draw(
            st.lists(
                st.tuples(
                    st.integers(0, n - 1),
                    st.integers(0, n - 1),
                    st.sampled_from(list(EdgeType)),
                    st.sampled_from([EdgeCreator.WRITER, EdgeCreator.AUTO]),
                    st.floats(min_value=0.0, max_value=200.0),
                ),
                max_size=2 * n,
            )
        )
        seen = set()
        for s, t, kind, creator, validated in pairs:
            if s != t and (s, t, kind) not in seen:
                seen.add((s, t, kind))
                when = NOW - timedelta(days=validated)
                edges.append(
                    MemoryEdge(
                        source=memories[s].id,
                        target=memories[t].id,
                        type=kind,
                        created_by=creator,
                        created_at=when,
                        last_validated_at=when,
                    )
                )
        for s, t, kind, *_ in pairs[:1]:
            if kind is EdgeType.SUPERSEDES and s != t:
                memories[t] = memories[t].model_copy(update={"superseded_by": memories[s].id})
    return memories, edges


async def check(
    repository: GraphRepository, memories: list[Memory], edges: list[MemoryEdge]
) -> None:
    tenant = new_tenant()
    try:
        await repository.ensure_schema(tenant)
        await repository.upsert_memories(tenant, memories)
        await repository.link(tenant, edges)
        service = MemoryService(repository, HashEmbedder(), Clock(NOW), EngineSettings())
        first = await maintenance(service).maintain(tenant)
        protected = {
            m.id
            for m in memories
            if m.pinned
            or m.visibility is Visibility.ORG
            or m.status is MemoryStatus.CORE
            or NOW - m.created_at <= timedelta(days=7)
        }
        assert not protected & set(first.forgotten)
        before = {m.id: m for m in await repository.all_memories(tenant)}
        second = await maintenance(service).maintain(tenant)
        assert not second.changed, second.summary()
        assert {m.id: m for m in await repository.all_memories(tenant)} == before
    finally:
        await repository.drop_tenant(tenant)


async def test_maintenance_is_idempotent_on_random_tenants(repository: GraphRepository) -> None:
    loop = asyncio.get_running_loop()
    examples = 0

    @settings(
        max_examples=150,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(tenants())
    def run(tenant: tuple[list[Memory], list[MemoryEdge]]) -> None:
        nonlocal examples
        examples += 1
        asyncio.run_coroutine_threadsafe(check(repository, *tenant), loop).result()

    await asyncio.to_thread(run)
    assert examples >= 150
