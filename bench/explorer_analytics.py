"""Analytics seconds at 10,000 and 100,000 memories, per analysis and backend (issue 24).

Each size is bulk-loaded into a fresh tenant through the `GraphRepository` Protocol
(`upsert_memories` without embeddings, `link` in batches: ~1.5 typed edges per memory drawn by
`bench.harness.synthetic`), then timed: the whole `AnalyticsService.report` (what GraphQL
`analytics` answers), and each analysis on its own — the bounded export (edges, memories), the
database's own figures (components where the engine has `algo.WCC`, orphans, stale auto-links)
and every networkx figure on the exported edge list. A backend whose load does not finish
within `--load-budget-s` is reported with the size it reached.

    .venv/bin/python -m bench.explorer_analytics --backend falkordb     # then neo4j, surrealdb
        [--sizes 10000 100000] [--load-budget-s 240] [--fresh]

On the shared 2-core machine one backend at both sizes takes 10–15 minutes, so run one
backend per invocation: each merges its rows into
bench/results/explorer_analytics/explorer-analytics.json (and rewrites the .md) after every
size, so a run stopped part-way keeps what it measured. bench/explorer.py folds the table into
bench/results/explorer/explorer.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import networkx as nx

from bench.harness.options import add_out
from bench.harness.reports import md_row, md_table
from bench.harness.synthetic import EDGE_WEIGHTS, generate_memories
from graph_backends import Backend
from graph_backends.config import FalkorConfig, Neo4jConfig, SurrealConfig
from graph_backends.factory import open_backend
from schema import CAUSAL_TYPES, EdgeType, Memory, MemoryEdge, MemoryStatus, Tenant
from schema.validation import build
from service.engine import causal_graph as cg
from service.settings import Settings
from service.usecases.analytics import AnalyticsService

BATCH = 2_000
EDGES_PER_MEMORY = 1.5
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@asynccontextmanager
async def backend(name: str, data: Path) -> AsyncIterator[Backend]:
    if name == "falkordb":
        async with open_backend(FalkorConfig(data_dir=data, startup_timeout_s=600)) as repo:
            yield repo
    elif name == "neo4j":
        from devtools import neo4j_server

        logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
        server = await asyncio.to_thread(neo4j_server.start, data)
        try:
            async with open_backend(Neo4jConfig(url=server.url)) as repo:
                yield repo
        finally:
            await asyncio.to_thread(server.stop)
    else:
        async with open_backend(SurrealConfig(url=f"surrealkv://{data}")) as repo:
            yield repo


def edges_for(ids: list[str], seed: int) -> list[MemoryEdge]:
    """~1.5 edges per memory, mostly to a nearby earlier memory (so chains and hubs form, as in
    an agent's memory), of the synthetic mix of types; no self-loops, no duplicates."""
    rng = random.Random(seed)
    types, weights = list(EDGE_WEIGHTS), list(EDGE_WEIGHTS.values())
    seen: set[tuple[str, str, EdgeType]] = set()
    out = []
    for _ in range(int(len(ids) * EDGES_PER_MEMORY)):
        a = rng.randrange(1, len(ids))
        b = max(0, a - 1 - int(rng.expovariate(1 / 50))) if rng.random() < 0.8 else rng.randrange(a)
        kind = rng.choices(types, weights)[0]
        key = (ids[a], ids[b], kind)
        if key in seen:
            continue
        seen.add(key)
        out.append(MemoryEdge(source=ids[a], target=ids[b], type=kind, weight=0.5, created_at=NOW))
    return out


async def load(repo: Backend, tenant: Tenant, n: int, budget_s: float) -> dict[str, Any]:
    await repo.ensure_schema(tenant)
    synthetic = generate_memories(n, seed=24)
    memories = [
        Memory(
            id=m.id,
            content=m.text,
            entities=m.entities,
            category=m.category,
            created_at=m.created_at,
            status=MemoryStatus.ACTIVE,
        )
        for m in synthetic
    ]
    edges = edges_for([m.id for m in memories], seed=24)
    t0 = time.perf_counter()
    loaded = 0
    for start in range(0, n, BATCH):
        await repo.upsert_memories(tenant, memories[start : start + BATCH])
        loaded = min(n, start + BATCH)
        if time.perf_counter() - t0 > budget_s:
            break
    inserted_s = time.perf_counter() - t0
    kept = {m.id for m in memories[:loaded]}
    edges = [e for e in edges if e.source in kept and e.target in kept]
    linked = 0
    t1 = time.perf_counter()
    for start in range(0, len(edges), BATCH):
        await repo.link(tenant, edges[start : start + BATCH])
        linked = min(len(edges), start + BATCH)
        if time.perf_counter() - t0 > budget_s:
            break
    return {
        "memories": loaded,
        "edges": linked,
        "complete": loaded == n and linked == len(edges),
        "insert_s": round(inserted_s, 1),
        "link_s": round(time.perf_counter() - t1, 1),
    }


async def timed(figures: dict[str, float], name: str, step: Callable[[], Awaitable[Any]]) -> Any:
    t0 = time.perf_counter()
    result = await step()
    figures[name] = round(time.perf_counter() - t0, 3)
    return result


async def analyse(repo: Backend, tenant: Tenant) -> dict[str, float]:
    # The engine settings as the service reads them (the analytics bounds among them).
    service = AnalyticsService(repo, lambda: NOW, Settings().engine)
    f: dict[str, float] = {}
    await timed(f, "report (all of GraphQL analytics)", lambda: service.report(tenant))
    edges = await timed(f, "export: edge list", lambda: service.edges(tenant))
    memories = await timed(f, "export: memories", lambda: repo.all_memories(tenant))
    await timed(f, "db: components (algo.WCC where present)", lambda: repo.component_sizes(tenant))
    await timed(f, "db: orphans", lambda: repo.orphans(tenant))
    await timed(
        f, "db: stale auto-links", lambda: repo.stale_auto_links(tenant, NOW - timedelta(days=30))
    )
    await timed(f, "fact churn", lambda: service.churn(tenant))
    ids = [m.id for m in memories]

    async def py(name: str, work: Callable[[], Any]) -> Any:
        return await timed(f, f"py: {name}", lambda: asyncio.to_thread(work))

    flow = await py("causal graph build", lambda: cg.flow_graph(edges, ids))
    support = await py("support graph build", lambda: cg.support_graph(edges, ids))
    causal = [n for n in flow if flow.degree(n) > 0]
    hubs = flow.reverse(copy=False).subgraph(causal)
    await py("PageRank (causal hubs)", lambda: nx.pagerank(hubs, alpha=cg.PAGERANK_ALPHA))
    await py("causal degree", lambda: sum(1 for e in edges if e.type in CAUSAL_TYPES))
    await py("articulation points", lambda: cg.cut_off(support))
    await py("dominators", lambda: cg.dominated(flow))
    await py("longest causal chain", lambda: cg.longest_chain(flow))
    entities = {m.id: m.entities for m in memories}
    await py("Louvain communities", lambda: cg.communities(support, entities, 20))
    await py("causal cycles", lambda: cg.cycles(flow, 20))
    await py("components (networkx)", lambda: cg.components(cg.any_graph(edges, ids), 20))
    return f


def merged(rows: list[dict[str, Any]], row: dict[str, Any]) -> list[dict[str, Any]]:
    """`rows` with `row` in place of an earlier one for the same backend and size."""
    key = (row["backend"], row["size"])
    return [r for r in rows if (r["backend"], r["size"]) != key] + [row]


def write(rows: list[dict[str, Any]], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    order = {"falkordb": 0, "neo4j": 1, "surrealdb": 2}
    rows = sorted(rows, key=lambda r: (order.get(r["backend"], 9), r["size"]))
    (out / "explorer-analytics.json").write_text(json.dumps(rows, indent=2) + "\n")
    (out / "explorer-analytics.md").write_text(
        "# Analytics seconds per analysis and backend (bench/explorer_analytics.py)\n\n"
        "A shared 2-core machine (other engineers' test runs beside it); one invocation per "
        "backend, each within ~15 minutes of wall time.\n\n" + markdown(rows) + "\n"
    )


async def run(
    backends: list[str], sizes: list[int], budget_s: float, rows: list[dict[str, Any]], out: Path
) -> list[dict[str, Any]]:
    """Measures each backend and size in turn; the results files are rewritten after each, so
    a run stopped part-way keeps what it measured."""
    for name in backends:
        with tempfile.TemporaryDirectory(prefix=f"retentia-analytics-{name}-") as data:
            try:
                async with backend(name, Path(data) / name) as repo:
                    for n in sizes:
                        tenant = build(Tenant, org="bench", project=f"analytics-{n}")
                        print(f"{name}: loading {n:,} memories…", flush=True)
                        loaded = await load(repo, tenant, n, budget_s)
                        print(f"{name}: {loaded}", flush=True)
                        figures = await analyse(repo, tenant)
                        print(f"{name} {loaded['memories']:,}: {figures}", flush=True)
                        row = {"backend": name, "size": n, **loaded, "seconds": figures}
                        rows = merged(rows, row)
                        write(rows, out)
                        await repo.drop_tenant(tenant)
            except Exception as e:  # a backend that cannot start here is reported, not fatal
                print(f"{name}: {type(e).__name__}: {e}", flush=True)
                error = {"backend": name, "size": 0, "error": f"{type(e).__name__}: {e}"}
                rows = merged(rows, error)
                write(rows, out)
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    done = [r for r in rows if "seconds" in r]
    heads = [f"{r['backend']} {r['memories']:,}" + ("" if r["complete"] else "*") for r in done]
    names = list(done[0]["seconds"]) if done else []
    lines = md_table(["analysis, seconds", *heads], "l" + "r" * len(done))
    loaded = [f"{r['memories']:,} / {r['edges']:,}" for r in done]
    lines.append(md_row(["memories / edges loaded", *loaded]))
    lines.append(
        md_row(["load: insert + link, s", *(f"{r['insert_s']} + {r['link_s']}" for r in done)])
    )
    for name in names:
        lines.append(md_row([name, *(f"{r['seconds'][name]:.2f}" for r in done)]))
    for r in rows:
        if "error" in r:
            at = f" {r['size']:,}" if r["size"] else ""
            lines.append(f"\n{r['backend']}{at}: not measured — {r['error']}")
    if any(not r["complete"] for r in done):
        lines.append("\n\\* the load did not finish within the load budget: the size reached.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", nargs="+", default=["falkordb", "neo4j", "surrealdb"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10_000, 100_000])
    parser.add_argument("--load-budget-s", type=float, default=240.0)
    parser.add_argument(
        "--fresh", action="store_true", help="drop the rows of earlier runs (default: merge)"
    )
    add_out(parser, "explorer_analytics")
    args = parser.parse_args()
    known = args.out / "explorer-analytics.json"
    rows = [] if args.fresh or not known.exists() else json.loads(known.read_text())
    rows = asyncio.run(run(args.backend, args.sizes, args.load_budget_s, rows, args.out))
    print(markdown(rows))


if __name__ == "__main__":
    main()
