"""Analytics on causal structure, on every backend: each figure of the report equals networkx
computed independently on the same edge list (random graphs stored through the real link
path), whether the database computed it (FalkorDB's components, by algo.WCC) or Python did; a
planted cycle, articulation point and chain are found; the export pages through every edge
exactly once; past the edge bound the report is refused with a typed error naming it."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from datetime import timedelta
from itertools import pairwise

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import GraphRepository
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    BoundExceeded,
    EdgeKey,
    EdgeType,
    Memory,
    MemoryEdge,
    Tenant,
)
from service.engine.settings import EngineSettings
from service.usecases.analytics import AnalyticsService
from tests.conftest import new_tenant
from tests.factories import T0, unit_vector

NOW = T0 + timedelta(days=30)
REVERSED = {EdgeType.CAUSED_BY, EdgeType.DERIVED_FROM}


def ids(n: int) -> list[str]:
    return [str(uuid.UUID(int=i + 1)) for i in range(n)]


def memories(names: list[str]) -> list[Memory]:
    return [
        Memory(
            id=m,
            content=f"memory {i} about Ann",
            created_at=T0 + timedelta(days=40 * (i % 3)),
            embedding=unit_vector(i),
            entities=("Ann",) if i % 2 else ("Bo", "Ann"),
        )
        for i, m in enumerate(names)
    ]


def edge(source: str, target: str, kind: EdgeType) -> MemoryEdge:
    return MemoryEdge(source=source, target=target, type=kind, created_at=T0)


async def store(
    repository: GraphRepository, tenant: Tenant, n: int, edges: list[MemoryEdge]
) -> None:
    await repository.upsert_memories(tenant, memories(ids(n)))
    await repository.link(tenant, edges)


def service(repository: GraphRepository, **engine: int) -> AnalyticsService:
    return AnalyticsService(repository, lambda: NOW, EngineSettings(**engine))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[MemoryEdge]]:
    n = draw(st.integers(min_value=1, max_value=12))
    names = ids(n)
    triples = draw(
        st.lists(
            st.tuples(
                st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(list(EdgeType))
            ),
            max_size=3 * n,
        )
    )
    edges = {(names[s], names[t], k): edge(names[s], names[t], k) for s, t, k in triples if s != t}
    return n, list(edges.values())


def expected(n: int, edges: list[MemoryEdge]) -> dict[str, object]:
    """The figures computed straight from the edge list with networkx."""
    nodes = ids(n)
    flow = nx.DiGraph()
    flow.add_nodes_from(nodes)
    for e in edges:
        if e.type in CAUSAL_TYPES:
            flow.add_edge(*((e.target, e.source) if e.type in REVERSED else (e.source, e.target)))
    support = nx.Graph()
    support.add_nodes_from(nodes)
    support.add_edges_from((e.source, e.target) for e in edges if e.type in SUPPORTIVE_TYPES)
    every = nx.Graph()
    every.add_nodes_from(nodes)
    every.add_edges_from((e.source, e.target) for e in edges)

    detached = {}
    for point in nx.articulation_points(support):
        component = nx.node_connected_component(support, point)
        rest = support.subgraph(component - {point})
        largest = max(len(c) for c in nx.connected_components(rest))
        detached[point] = len(component) - 1 - largest
    causal = [v for v in flow if flow.degree(v) > 0]
    kappa = Counter(v for e in edges if e.type in CAUSAL_TYPES for v in (e.source, e.target))
    cyclic = {v for c in nx.strongly_connected_components(flow) if len(c) > 1 for v in c}
    dag = flow.subgraph(v for v in flow if v not in cyclic)
    roots = [v for v in flow if flow.in_degree(v) == 0 and flow.out_degree(v) > 0]
    dominated = Counter()
    if roots:
        rooted = nx.DiGraph(flow)
        rooted.add_edges_from(("ROOT", r) for r in roots)
        tree = nx.immediate_dominators(rooted, "ROOT")
        for v in tree:
            up = tree[v]
            while v != "ROOT" and up != "ROOT":
                dominated[up] += 1
                up = tree[up]
    return {
        "pagerank": nx.pagerank(flow.subgraph(causal).reverse(), alpha=0.85),
        "kappa": dict(kappa),
        "detached": detached,
        "dominated": {k: v for k, v in dominated.items() if v > 0},
        "roots": len(roots),
        "chain": nx.dag_longest_path_length(dag) + 1 if dag.number_of_edges() else 0,
        "on_cycles": len(cyclic),
        "components": sorted((len(c) for c in nx.connected_components(every)), reverse=True),
        "isolated": sum(1 for v in every if every.degree(v) == 0),
        "flow": flow,
    }


async def check(repository: GraphRepository, n: int, edges: list[MemoryEdge]) -> None:
    tenant = new_tenant()
    try:
        await repository.ensure_schema(tenant)
        await store(repository, tenant, n, edges)
        full = await service(repository, analytics_top=1000).report(tenant)
        report = full.causal
        want = expected(n, edges)
        # FalkorDB computes the components itself (algo.WCC); they must agree all the same.
        assert full.in_database == (
            ("components",) if repository.backend_name == "falkordb" else ()
        )
        assert await repository.component_sizes(tenant) in (None, want["components"])

        got_rank = {r.memory_id: r.value for r in report.pagerank.items}
        assert got_rank.keys() == want["pagerank"].keys()
        for k, v in want["pagerank"].items():
            assert got_rank[k] == pytest.approx(v, abs=1e-9)
        assert {r.memory_id: r.value for r in report.causal_degree.items} == want["kappa"]
        assert {r.memory_id: r.value for r in report.articulation_points.items} == want["detached"]
        assert report.articulation_points.total == len(want["detached"])
        assert {r.memory_id: r.value for r in report.dominators.items} == want["dominated"]
        assert report.root_causes == want["roots"]
        assert len(report.longest_chain) == want["chain"]
        flow = want["flow"]
        assert all(flow.has_edge(a, b) for a, b in pairwise(report.longest_chain))
        assert report.cycles.memories_on_cycles == want["on_cycles"]
        for cycle in report.cycles.cycles:
            assert all(flow.has_edge(a, b) for a, b in pairwise((*cycle, cycle[0])))
        assert list(report.components.sizes) == want["components"]
        assert report.components.isolated == want["isolated"]
        assert report.causal_edges == sum(1 for e in edges if e.type in CAUSAL_TYPES)
        members = sum(c.members for c in report.communities)
        linked = {v for e in edges if e.type in SUPPORTIVE_TYPES for v in (e.source, e.target)}
        assert members == len(linked)
    finally:
        await repository.drop_tenant(tenant)


async def test_every_figure_equals_networkx_on_random_graphs(repository: GraphRepository) -> None:
    loop = asyncio.get_running_loop()
    examples = 0

    @settings(
        max_examples=15,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(graphs())
    def run(graph: tuple[int, list[MemoryEdge]]) -> None:
        nonlocal examples
        examples += 1
        asyncio.run_coroutine_threadsafe(check(repository, *graph), loop).result()

    await asyncio.to_thread(run)
    assert examples >= 15


async def test_planted_cycle_articulation_point_and_chain_are_found(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """A chain 0 → 1 → 2 → 3 (CAUSED_BY points at the cause), a cycle 4 ⇄ 5 (SUPPORTS both
    ways) and memory 6 hanging off 3 by RELATED_TO alone: 3 is an articulation point cutting off
    one memory, 0 dominates the chain, and the why-path from 0 to 3 is the chain."""
    m = ids(7)
    await store(
        repository,
        tenant,
        7,
        [
            edge(m[1], m[0], EdgeType.CAUSED_BY),
            edge(m[2], m[1], EdgeType.CAUSED_BY),
            edge(m[3], m[2], EdgeType.DERIVED_FROM),
            edge(m[4], m[5], EdgeType.SUPPORTS),
            edge(m[5], m[4], EdgeType.SUPPORTS),
            edge(m[6], m[3], EdgeType.RELATED_TO),
        ],
    )
    analytics = service(repository)
    report = (await analytics.report(tenant)).causal

    assert report.longest_chain == (m[0], m[1], m[2], m[3])
    assert report.cycles.cycles == (tuple(sorted((m[4], m[5]))),)
    assert report.cycles.memories_on_cycles == 2
    cut = {r.memory_id: r.value for r in report.articulation_points.items}
    assert cut[m[3]] == 1 and cut[m[1]] == 1 and cut[m[2]] == 2
    assert report.dominators.items[0].memory_id == m[0]
    assert report.dominators.items[0].value == 3
    assert report.components.sizes == (5, 2)
    assert await analytics.why_path(tenant, m[0], m[3]) == (m[0], m[1], m[2], m[3])
    assert await analytics.why_path(tenant, m[3], m[0]) == ()
    lifecycle = (await analytics.report(tenant)).status_by_month
    assert sum(c.count for c in lifecycle) == 7
    assert {c.month for c in lifecycle} == {"2026-01", "2026-02", "2026-03"}


async def test_edge_export_pages_through_every_edge_once(
    repository: GraphRepository, tenant: Tenant
) -> None:
    m = ids(6)
    edges = [
        edge(a, b, k)
        for a in m
        for b in m
        if a != b
        for k in (EdgeType.SUPPORTS, EdgeType.RELATED_TO)
    ]
    await store(repository, tenant, 6, edges)
    seen: list[MemoryEdge] = []
    after: EdgeKey | None = None
    while True:
        page = await repository.edge_page(
            tenant, [EdgeType.SUPPORTS, EdgeType.RELATED_TO], limit=7, after=after
        )
        seen += page
        if len(page) < 7:
            break
        after = EdgeKey(source=page[-1].source, target=page[-1].target, type=page[-1].type)
    keys = [(e.source, e.target, e.type) for e in seen]
    assert keys == sorted((e.source, e.target, e.type) for e in edges)
    only = await repository.edge_page(tenant, [EdgeType.SUPPORTS])
    assert {e.type for e in only} == {EdgeType.SUPPORTS} and len(only) == 30


async def test_more_edges_than_the_bound_are_refused_naming_it(
    repository: GraphRepository, tenant: Tenant
) -> None:
    m = ids(4)
    await store(repository, tenant, 4, [edge(m[0], b, EdgeType.SUPPORTS) for b in m[1:]])
    with pytest.raises(BoundExceeded, match="analytics_max_edges") as refused:
        await service(repository, analytics_max_edges=2).report(tenant)
    assert refused.value.field == "analytics_max_edges" and refused.value.bound == 2
    assert (
        await service(repository, analytics_max_edges=3).report(tenant)
    ).causal.causal_edges == 3


async def test_a_report_on_an_unknown_tenant_is_empty_and_creates_nothing(
    repository: GraphRepository,
) -> None:
    tenant = new_tenant()
    report = await service(repository).report(tenant)
    assert report.causal.memories == 0 and report.orphan_count == 0
    assert not await repository.tenant_exists(tenant)
