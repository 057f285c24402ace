"""κ, δ, κ_max and orphans computed by the database's Cypher equal the same quantities computed
by networkx from the edge list, on random graphs mixing every edge partition."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import GraphRepository
from schema import CAUSAL_TYPES, SUPPORTIVE_TYPES, EdgeKey, EdgeType, Memory, MemoryEdge
from tests.conftest import new_tenant
from tests.factories import unit_vector

T = datetime(2026, 1, 1, tzinfo=UTC)
EDGE_TYPES = list(EdgeType)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, EdgeType]]]:
    n = draw(st.integers(min_value=1, max_value=25))
    pairs = st.tuples(
        st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(EDGE_TYPES)
    ).filter(lambda p: p[0] != p[1])
    edges = draw(st.lists(pairs, max_size=3 * n, unique=True)) if n > 1 else []
    return n, edges


def expected(
    n: int, edges: list[tuple[int, int, EdgeType]]
) -> tuple[dict[int, tuple[int, int]], int, set[int]]:
    causal = nx.MultiGraph()
    supportive = nx.MultiGraph()
    causal.add_nodes_from(range(n))
    supportive.add_nodes_from(range(n))
    for s, t, kind in edges:
        if kind in CAUSAL_TYPES:
            causal.add_edge(s, t)
        if kind in SUPPORTIVE_TYPES:
            supportive.add_edge(s, t)
    degrees = {i: (causal.degree(i), supportive.degree(i)) for i in range(n)}
    kappa_max = max((k for k, _ in degrees.values()), default=0)
    orphans = {i for i, (_, d) in degrees.items() if d == 0}
    return degrees, kappa_max, orphans


async def check(
    repository: GraphRepository, n: int, edges: list[tuple[int, int, EdgeType]]
) -> None:
    tenant = new_tenant()
    try:
        memories = [
            Memory(
                id=f"00000000-0000-4000-8000-{i:012d}",
                content=f"m{i}",
                created_at=T,
                embedding=unit_vector(i),
            )
            for i in range(n)
        ]
        await repository.upsert_memories(tenant, memories)
        await repository.link(
            tenant,
            [
                MemoryEdge(source=memories[s].id, target=memories[t].id, type=kind, created_at=T)
                for s, t, kind in edges
            ],
        )
        degrees, kappa_max, orphans = expected(n, edges)
        ids = [m.id for m in memories]
        batch = await repository.degrees(tenant, ids)
        assert [(d.kappa, d.delta) if d else None for d in batch] == [degrees[i] for i in range(n)]
        every = {d.memory_id: (d.kappa, d.delta) for d in await repository.all_degrees(tenant)}
        assert every == {ids[i]: degrees[i] for i in range(n)}
        assert await repository.kappa_max(tenant) == kappa_max
        assert set(await repository.orphans(tenant)) == {ids[i] for i in orphans}
    finally:
        await repository.drop_tenant(tenant)


async def test_degrees_match_networkx(repository: GraphRepository) -> None:
    """≥ 200 random graphs per backend, each in its own tenant."""
    loop = asyncio.get_running_loop()
    examples = 0

    @settings(
        max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(graphs())
    def run(graph: tuple[int, list[tuple[int, int, EdgeType]]]) -> None:
        nonlocal examples
        examples += 1
        n, edges = graph
        asyncio.run_coroutine_threadsafe(check(repository, n, edges), loop).result()

    # hypothesis drives its examples from a worker thread while the repository's connections
    # stay on this event loop.
    await asyncio.to_thread(run)
    assert examples >= 200


async def test_kappa_max_follows_every_write_at_once(repository: GraphRepository) -> None:
    """Asked between writes (so a backend that keeps it between calls would answer from what it
    kept), κ_max always reflects the writes made so far: causal links raise it, other links do
    not, unlinking and deleting lower it."""
    tenant = new_tenant()
    try:
        hub, *rest = [
            Memory(
                id=f"00000000-0000-4000-8000-{i:012d}",
                content=f"m{i}",
                created_at=T,
                embedding=unit_vector(i),
            )
            for i in range(5)
        ]
        await repository.upsert_memories(tenant, [hub, *rest])

        def edges(kind: EdgeType, targets: list[Memory]) -> list[MemoryEdge]:
            return [
                MemoryEdge(source=hub.id, target=m.id, type=kind, created_at=T) for m in targets
            ]

        assert await repository.kappa_max(tenant) == 0
        (causal,) = CAUSAL_TYPES[:1]
        await repository.link(tenant, edges(causal, rest[:2]))
        assert await repository.kappa_max(tenant) == 2
        other = next(t for t in EdgeType if t not in CAUSAL_TYPES)
        await repository.link(tenant, edges(other, rest))
        assert await repository.kappa_max(tenant) == 2
        await repository.store_memories(tenant, [], edges(causal, rest[2:]))
        assert await repository.kappa_max(tenant) == 4
        removed = await repository.unlink(
            tenant, [EdgeKey(source=hub.id, target=rest[0].id, type=causal)]
        )
        assert removed == [True] and await repository.kappa_max(tenant) == 3
        await repository.delete_memories(tenant, [hub.id])
        assert await repository.kappa_max(tenant) == 0
    finally:
        await repository.drop_tenant(tenant)
