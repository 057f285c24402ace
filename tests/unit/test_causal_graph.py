"""The pure causal-graph figures against networkx on any small graph: a memory's cut-off count
is what removing it really disconnects (0 for one that is no articulation point), dominated
counts match networkx's dominator tree, and the report is the same whatever order the export
returned the edges in."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from schema import EdgeType
from service.engine.causal_graph import Edge, causal_report, cut_off, dominated, flow_graph

NAMES = [f"m{i:02d}" for i in range(10)]


@st.composite
def undirected(draw: st.DrawFn) -> nx.Graph:
    n = draw(st.integers(1, 10))
    graph = nx.Graph()
    graph.add_nodes_from(NAMES[:n])
    for a, b in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))):
        if a != b:
            graph.add_edge(NAMES[a], NAMES[b])
    return graph


@settings(deadline=None)
@given(undirected())
def test_cut_off_is_what_removing_the_memory_disconnects(graph: nx.Graph) -> None:
    got = cut_off(graph)
    assert set(got) == set(nx.articulation_points(graph))
    for node, count in got.items():
        component = nx.node_connected_component(graph, node)
        rest = graph.subgraph(component - {node})
        assert count == len(component) - 1 - max(len(c) for c in nx.connected_components(rest))


edges_st = st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(list(EdgeType))),
    max_size=25,
).map(lambda ts: list({(a, b, t): Edge(a, b, t) for a, b, t in ts if a != b}.values()))


@settings(deadline=None)
@given(edges_st)
def test_dominated_counts_follow_the_dominator_tree(edges: list[Edge]) -> None:
    flow = flow_graph(edges)
    counts, roots = dominated(flow)
    sources = [n for n in flow if flow.in_degree(n) == 0 and flow.out_degree(n) > 0]
    assert roots == len(sources)
    if not sources:
        assert counts == {}
        return
    rooted = nx.DiGraph(flow)
    rooted.add_edges_from(("ROOT", s) for s in sources)
    tree = nx.DiGraph(
        (up, n) for n, up in nx.immediate_dominators(rooted, "ROOT").items() if n != up
    )
    for node, count in counts.items():
        assert count == len(nx.descendants(tree, node))


@settings(deadline=None, max_examples=50)  # the first call loads networkx's algorithms
@given(edges_st, st.randoms())
def test_the_report_does_not_depend_on_the_export_order(edges: list[Edge], rnd: object) -> None:
    shuffled = list(edges)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    memories = {n: ("Ann",) for n in NAMES}
    assert causal_report(memories, edges, 5) == causal_report(memories, shuffled, 5)
