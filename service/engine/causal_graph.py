"""Analytics on causal structure, computed on an exported edge list (pure: no I/O).

Two graphs are built from a tenant's memory–memory edges (schema/edges.py's partitions):

* the **causal flow** graph: causal edges only, oriented from cause to effect. `A CAUSED_BY B`
  and `A DERIVED_FROM B` say B came first, so they flow B → A; `A SUPPORTS B` flows A → B
  (the evidence explains the claim). Chains, dominators, cycles and why-paths follow it;
  PageRank runs on its reverse so that rank accrues to what many effects trace back to.
* the **support** graph: causal and supportive edges, undirected — the edges that keep a
  memory from being an orphan (δ). Articulation points and communities are read on it.

Components are weakly connected components over every edge type. Every figure is a
deterministic function of the edge list and the memory ids (nodes and edges are added in sorted
order; Louvain gets a fixed seed), so the same export gives the same report on every backend.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Final

import networkx as nx

from schema import CAUSAL_TYPES, SUPPORTIVE_TYPES, EdgeType

#: Edges read as "the target came first": they flow target → source.
_REVERSED: Final = frozenset({EdgeType.CAUSED_BY, EdgeType.DERIVED_FROM})
#: Louvain's seed: communities must not change between two runs on the same graph.
LOUVAIN_SEED: Final = 24
PAGERANK_ALPHA: Final = 0.85


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    type: EdgeType


@dataclass(frozen=True, slots=True)
class Ranked:
    """One memory with a figure (PageRank, degree, memories cut off or dominated)."""

    memory_id: str
    value: float


@dataclass(frozen=True, slots=True)
class Top:
    """The first `len(items)` of `total` ranked memories (highest first, then id)."""

    items: tuple[Ranked, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Community:
    members: int
    top_members: tuple[str, ...]
    name: str


@dataclass(frozen=True, slots=True)
class Components:
    count: int
    largest: int
    #: Memories with no edge of any type.
    isolated: int
    #: Component sizes, largest first, up to the limit.
    sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CausalCycles:
    #: Memories on some causal cycle (in a strongly connected component of two or more).
    memories_on_cycles: int
    #: The first cycles found, each as memory ids in flow order, up to the limit.
    cycles: tuple[tuple[str, ...], ...]
    #: Whether more cycles exist than are listed.
    truncated: bool


@dataclass(frozen=True, slots=True)
class CausalReport:
    memories: int
    causal_edges: int
    support_edges: int
    pagerank: Top
    causal_degree: Top
    articulation_points: Top
    dominators: Top
    root_causes: int
    longest_chain: tuple[str, ...]
    communities: tuple[Community, ...]
    community_count: int
    cycles: CausalCycles
    components: Components


def flow_graph(edges: Iterable[Edge], nodes: Iterable[str] = ()) -> nx.DiGraph:
    """The causal flow graph (cause → effect) over causal edges; `nodes` are added first."""
    graph: nx.DiGraph = nx.DiGraph()
    graph.add_nodes_from(sorted(nodes))
    for e in sorted(edges, key=_edge_order):
        if e.type in CAUSAL_TYPES:
            cause, effect = (e.target, e.source) if e.type in _REVERSED else (e.source, e.target)
            graph.add_edge(cause, effect)
    return graph


def support_graph(edges: Iterable[Edge], nodes: Iterable[str] = ()) -> nx.Graph:
    """The undirected graph of causal and supportive edges."""
    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(sorted(nodes))
    graph.add_edges_from(
        (e.source, e.target) for e in sorted(edges, key=_edge_order) if e.type in SUPPORTIVE_TYPES
    )
    return graph


def any_graph(edges: Iterable[Edge], nodes: Iterable[str] = ()) -> nx.Graph:
    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(sorted(nodes))
    graph.add_edges_from((e.source, e.target) for e in sorted(edges, key=_edge_order))
    return graph


def _edge_order(e: Edge) -> tuple[str, str, str]:
    return (e.source, e.target, str(e.type))


def top(values: Mapping[str, float], limit: int, *, positive_only: bool = False) -> Top:
    ranked = [(k, v) for k, v in values.items() if v > 0 or not positive_only]
    ranked.sort(key=lambda kv: (-kv[1], kv[0]))
    return Top(tuple(Ranked(k, v) for k, v in ranked[:limit]), len(ranked))


def cut_off(graph: nx.Graph) -> dict[str, int]:
    """For each articulation point of `graph`, how many memories forgetting it would cut off
    from the largest remaining part of its component (0 for a memory that is not one).

    One depth-first search (Hopcroft–Tarjan): a child subtree whose low point does not climb
    above the node is separated from the rest when the node goes."""
    result: dict[str, int] = {}
    disc: dict[str, int] = {}
    low: dict[str, int] = {}
    size: dict[str, int] = {}
    for root in graph:
        if root in disc:
            continue
        component = nx.node_connected_component(graph, root)
        parts: dict[str, list[int]] = {}
        disc[root] = low[root] = 0
        counter = 1
        stack: list[tuple[str, str | None, Iterable[str]]] = [(root, None, iter(graph[root]))]
        while stack:
            node, parent, children = stack[-1]
            advanced = False
            for child in children:
                if child not in disc:
                    disc[child] = low[child] = counter
                    counter += 1
                    stack.append((child, node, iter(graph[child])))
                    advanced = True
                    break
                if child != parent:
                    low[node] = min(low[node], disc[child])
            if advanced:
                continue
            stack.pop()
            size[node] = 1 + size.get(node, 0)
            if parent is not None:
                low[parent] = min(low[parent], low[node])
                size[parent] = size.get(parent, 0) + size[node]
                if low[node] >= disc[parent]:
                    parts.setdefault(parent, []).append(size[node])
        for node, separated in parts.items():
            if node == root:
                if len(separated) < 2:
                    continue
                pieces = separated
            else:
                pieces = [*separated, len(component) - 1 - sum(separated)]
            result[node] = len(component) - 1 - max(pieces)
    return result


def dominated(flow: nx.DiGraph) -> tuple[dict[str, int], int]:
    """For each memory, how many others every causal path from a root cause passes through
    it (its dominator subtree less itself), and the number of root causes (memories nothing
    causes that cause something). Memories reachable from no root cause (on cycles only) are
    left out."""
    roots = sorted(n for n in flow if flow.in_degree(n) == 0 and flow.out_degree(n) > 0)
    if not roots:
        return {}, 0
    virtual = ("root",)  # a tuple: can never equal a memory id
    rooted = nx.DiGraph(flow)
    rooted.add_edges_from((virtual, r) for r in roots)
    idom = nx.immediate_dominators(rooted, virtual)
    children: dict[object, list[str]] = {}
    for node, up in idom.items():
        if node != virtual:
            children.setdefault(up, []).append(node)
    order: list[str] = []  # the dominator tree, parents before children
    frontier: list[object] = [virtual]
    while frontier:
        up = frontier.pop()
        for child in children.get(up, ()):
            order.append(child)
            frontier.append(child)
    below: dict[str, int] = {}
    for node in reversed(order):
        below[node] = sum(below[c] + 1 for c in children.get(node, ()))
    return below, len(roots)


def longest_chain(flow: nx.DiGraph) -> tuple[str, ...]:
    """The longest causal chain in the acyclic part: memories on no cycle."""
    cyclic = {n for c in nx.strongly_connected_components(flow) if len(c) > 1 for n in c}
    dag = flow.subgraph(n for n in flow if n not in cyclic)
    path: list[str] = nx.dag_longest_path(dag)
    return tuple(path) if len(path) > 1 else ()


def why_path(flow: nx.DiGraph, cause: str, effect: str) -> tuple[str, ...]:
    """The shortest causal chain from `cause` to `effect` (both included); empty when none."""
    if cause not in flow or effect not in flow:
        return ()
    try:
        return tuple(nx.shortest_path(flow, cause, effect))
    except nx.NetworkXNoPath:
        return ()


def cycles(flow: nx.DiGraph, limit: int, length_bound: int = 12) -> CausalCycles:
    on_cycles = sum(len(c) for c in nx.strongly_connected_components(flow) if len(c) > 1)
    found = list(islice(nx.simple_cycles(flow, length_bound=length_bound), limit + 1))
    listed = [_rotate(c) for c in found[:limit]]
    return CausalCycles(on_cycles, tuple(sorted(listed)), len(found) > limit)


def _rotate(cycle: Sequence[str]) -> tuple[str, ...]:
    """A cycle started at its smallest id, so one cycle always reads the same."""
    start = cycle.index(min(cycle))
    return tuple(cycle[start:]) + tuple(cycle[:start])


def communities(
    graph: nx.Graph, entities: Mapping[str, Sequence[str]], limit: int
) -> tuple[tuple[Community, ...], int]:
    """Louvain communities of the support graph (memories with an edge only), largest first,
    each named by the entities its members mention most."""
    linked = graph.subgraph(n for n in graph if graph.degree(n) > 0)
    found = nx.community.louvain_communities(linked, seed=LOUVAIN_SEED) if len(linked) else []
    ordered = sorted((sorted(c) for c in found), key=lambda c: (-len(c), c[0]))
    named = []
    for members in ordered[:limit]:
        mentions = Counter(e for m in members for e in dict.fromkeys(entities.get(m, ())))
        names = [e for e, _ in sorted(mentions.items(), key=lambda kv: (-kv[1], kv[0]))[:3]]
        named.append(
            Community(len(members), tuple(members[:5]), ", ".join(names) or "(no entities)")
        )
    return tuple(named), len(ordered)


def components(graph: nx.Graph, limit: int) -> Components:
    return components_of_sizes([len(c) for c in nx.connected_components(graph)], limit)


def components_of_sizes(sizes: Iterable[int], limit: int) -> Components:
    """From the component sizes alone (what the database's WCC answers): a component of one is
    a memory with no edge."""
    ordered = sorted(sizes, reverse=True)
    return Components(
        count=len(ordered),
        largest=ordered[0] if ordered else 0,
        isolated=sum(1 for s in ordered if s == 1),
        sizes=tuple(ordered[:limit]),
    )


def causal_report(
    memories: Mapping[str, Sequence[str]],
    edges: Sequence[Edge],
    limit: int,
    component_sizes: Sequence[int] | None = None,
) -> CausalReport:
    """Every causal figure of one tenant: `memories` maps each memory id to its entities;
    `component_sizes`, when the database computed them, replace the components computed
    here."""
    flow = flow_graph(edges, memories)
    support = support_graph(edges, memories)
    causal = [n for n in flow if flow.degree(n) > 0]
    kappa: Counter[str] = Counter()
    for e in edges:
        if e.type in CAUSAL_TYPES:
            kappa.update((e.source, e.target))
    rank = nx.pagerank(flow.reverse(copy=False).subgraph(causal), alpha=PAGERANK_ALPHA)
    dominators, roots = dominated(flow)
    named, community_count = communities(support, memories, limit)
    return CausalReport(
        memories=len(memories),
        causal_edges=sum(1 for e in edges if e.type in CAUSAL_TYPES),
        support_edges=sum(1 for e in edges if e.type in SUPPORTIVE_TYPES),
        pagerank=top(rank, limit),
        causal_degree=top({n: float(k) for n, k in kappa.items()}, limit),
        articulation_points=top({k: float(v) for k, v in cut_off(support).items()}, limit),
        dominators=top({k: float(v) for k, v in dominators.items()}, limit, positive_only=True),
        root_causes=roots,
        longest_chain=longest_chain(flow),
        communities=named,
        community_count=community_count,
        cycles=cycles(flow, limit),
        components=(
            components(any_graph(edges, memories), limit)
            if component_sizes is None
            else components_of_sizes(component_sizes, limit)
        ),
    )
