"""Scale-out bench (issue 22): the cost curve of one tenant grown to a million memories, and a
node holding many small tenants, on embedded FalkorDB.

    python -m bench.scale_out curve [--sizes 100000 250000 500000 1000000]
    python -m bench.scale_out tenants [--tenants 10000 --tenant-size 20]
    python -m bench.scale_out restart --data-dir DIR   # restart to ready on a curve run's files

`curve` grows one tenant through the checkpoints of `--sizes`. At each checkpoint it re-opens the
data directory (restart to ready: the server answers, the schema is ready and a vector search
returns hits), adds the next segment of memories (batched `upsert_memories`, the repository's
bulk write), about 2 typed edges per new memory (`link`) and the facts the new memories assert
(`FactService.apply_facts`, the service's one fact write path), checks the counts with
`stats()`, times recall k=10 with and without the real embedder, runs one real maintenance pass
(`MaintenanceService.maintain`, as `retentia maintain` composes it) and records FalkorDB's RSS
and the data directory's size. The report is rewritten after every checkpoint, so a run stopped
early still leaves the curve up to where it got.

`tenants` creates `--tenants` small tenants (`--tenant-size` memories each, with edges and a
fact or two) on one embedded FalkorDB, then records RSS and disk per tenant, restarts the
server (start-up time with every graph loaded), times the first and second recall of sampled
tenants after the restart (first-request latency), and runs a maintenance sweep over all.

Stored embeddings are deterministic 384-d hash vectors of each text (`HashEmbedder`): embedding a
million texts with the local model would take ~75 minutes on 2 cores and is measured apart
(`bench/scale.py`). The vector index's cost depends on the dimension and the count, not on what
the vectors mean. "Without embedding" recalls hash the query (microseconds); "with embedding"
recalls embed it with the real local model inside recall, as the service does.

Writes `<out>/scale-out-curve.json`/`.md` and `<out>/scale-out-tenants.json`/`.md`. See
bench/methods.md ("Scale-out bench").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Final, Literal

from bench.harness.embedders import HashEmbedder
from bench.harness.options import add_out
from bench.harness.processes import falkordb_pid, peak_rss_mb, proc_memory_mb
from bench.harness.reports import md_cell, md_row, md_table, write_report
from bench.harness.run import (
    DEFAULT_TORCH_THREADS,
    Figures,
    client_figures,
    data_directory,
    log,
    run_stamp,
)
from bench.harness.stats import p50_p95
from bench.harness.synthetic import (
    BASE_TIME,
    EDGE_WEIGHTS,
    SyntheticMemory,
    build_memory,
    fact_inputs,
    generate_memories,
)
from bench.harness.timing import RepoTimer
from cypher import QueryName
from graph_backends import Backend, FalkorConfig
from graph_backends._common import bm25
from graph_backends.factory import open_backend
from schema import MemoryEdge, Tenant
from schema.facts import FactWriter
from service.adapters.embedding import CachedEmbedder, Embedder, load_embedder
from service.compose import build_fact_writers, compose_use_cases
from service.settings import Settings
from service.usecases.recall import RecallRequest

DIMENSION: Final = 384
INSERT_BATCH: Final = 500
LINK_BATCH: Final = 1000
FACT_BATCH: Final = 500
EDGES_PER_MEMORY: Final = 2
RECALL_K: Final = 10
#: The instant recall and maintenance run at: after every creation time (a year from BASE_TIME).
NOW: Final = BASE_TIME + timedelta(days=400)
FACTS_FROM: Final = BASE_TIME + timedelta(days=370)
#: Targets at 1,000,000 memories (issue 22).
TARGETS: Final = {
    "recall_noembed_p50_ms": 50.0,
    "recall_noembed_p95_ms": 120.0,
    "maintenance_s": 600.0,
    "restart_to_ready_s": 120.0,
}


# -- small helpers ---------------------------------------------------------------------------


def dir_size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def load_average() -> str:
    """The 1/5/15-minute load averages: other work on the machine moves every time measured."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def server_memory(data_path: Path) -> dict[str, float]:
    """FalkorDB's VmRSS and VmHWM (MiB), empty when its pid cannot be read."""
    pid = falkordb_pid(data_path)
    return {} if pid is None else proc_memory_mb(pid)


def words_query(text: str, rng: random.Random) -> str:
    """2–3 distinct content words (letters only, ≥ 4 characters) of a memory's text."""
    words = list(dict.fromkeys(w for w in re.findall(r"[A-Za-z]+", text) if len(w) >= 4))
    return " ".join(rng.sample(words, min(len(words), rng.choice((2, 3)))))


def open_falkor(
    data_path: Path, appendfsync: Literal["always", "everysec"], startup_timeout_s: float = 900
) -> AbstractAsyncContextManager[Backend]:
    """The embedded FalkorDB on `data_path`; a second open of the same path is a restart."""
    config = FalkorConfig(
        data_dir=data_path, appendfsync=appendfsync, startup_timeout_s=startup_timeout_s,
        vector_dimension=DIMENSION,
    )  # fmt: skip
    return open_backend(config)


async def wait_ready(repo: Backend, tenant: Tenant, timeout_s: float = 900.0) -> None:
    """Until the tenant's schema is ready and a vector search returns hits (FalkorDB rebuilds
    its vector index from the loaded data)."""
    (probe,) = await HashEmbedder(DIMENSION).embed(["restart probe"])
    deadline = time.perf_counter() + timeout_s
    while not (await repo.schema_ready(tenant) and await repo.vector_search(tenant, probe, 10)):
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{tenant} not ready within {timeout_s} s")
        await asyncio.sleep(0.02)


# -- writing a segment of memories -----------------------------------------------------------


def segment_edges(
    lo: int, hi: int, ids: Sequence[str], gone: AbstractSet[str], seed: int
) -> Iterator[MemoryEdge]:
    """About `EDGES_PER_MEMORY` typed edges per memory in [lo, hi): each new memory links to
    earlier ones (half of them within the last 1,000, as an agent links to recent context),
    never to one a maintenance pass has forgotten (`gone`)."""
    rng = random.Random(seed * 1_000_003 + lo)
    types = list(EDGE_WEIGHTS)
    weights = list(EDGE_WEIGHTS.values())
    for a in range(max(lo, 1), hi):
        for _ in range(EDGES_PER_MEMORY):
            b = rng.randrange(max(0, a - 1000), a) if rng.random() < 0.5 else rng.randrange(a)
            if ids[b] in gone:
                continue
            yield MemoryEdge(
                source=ids[a],
                target=ids[b],
                type=rng.choices(types, weights)[0],
                weight=round(rng.uniform(0.1, 1.0), 2),
                created_at=BASE_TIME + timedelta(seconds=rng.randrange(0, 365 * 86_400)),
            )


def batched(items: Iterator[MemoryEdge], size: int) -> Iterator[list[MemoryEdge]]:
    batch: list[MemoryEdge] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


@dataclass
class WriteTimes:
    memories: int = 0
    memory_s: float = 0.0
    edges: int = 0
    edge_s: float = 0.0
    facts: int = 0
    fact_s: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)


async def write_segment(
    repo: Backend, store: Backend, tenant: Tenant, memories: Sequence[SyntheticMemory],
    lo: int, hi: int, settings: Settings, seed: int, *, gone: AbstractSet[str] = frozenset(),
    progress: bool = True,
) -> WriteTimes:  # fmt: skip
    """Memories [lo, hi) of `memories`, their edges (to memories not `gone`) and their
    facts."""
    hasher = HashEmbedder(DIMENSION)
    times = WriteTimes()
    for start in range(lo, hi, INSERT_BATCH):
        chunk = memories[start : min(hi, start + INSERT_BATCH)]
        vectors = await hasher.embed([m.text for m in chunk])
        batch = [build_memory(m, v) for m, v in zip(chunk, vectors, strict=True)]
        t0 = time.perf_counter()
        await repo.upsert_memories(tenant, batch)
        times.memory_s += time.perf_counter() - t0
        times.memories += len(batch)
        if progress and times.memories % 50_000 == 0:
            log(f"  inserted {start + len(batch):>9,} ({times.memories / times.memory_s:,.0f}/s)")
    ids = [m.id for m in memories[:hi]]
    for edges in batched(segment_edges(lo, hi, ids, gone, seed), LINK_BATCH):
        t0 = time.perf_counter()
        await repo.link(tenant, edges)
        times.edge_s += time.perf_counter() - t0
        times.edges += len(edges)
    inputs = fact_inputs(memories[lo:hi])
    tick = [0]

    def clock() -> datetime:  # a second later per call: each batch supersedes those before
        tick[0] += 1
        return FACTS_FROM + timedelta(seconds=tick[0])

    service, _, webhook = build_fact_writers(settings, store, clock, hasher)
    for start in range(0, len(inputs), FACT_BATCH):
        t0 = time.perf_counter()
        result = await service.apply_facts(
            tenant, inputs[start : start + FACT_BATCH], FactWriter.MEMORY
        )
        times.fact_s += time.perf_counter() - t0
        times.facts += len(result.results)
        times.outcomes.update(str(r.outcome) for r in result.results)
    if webhook is not None:
        await webhook.aclose()
    return times


# -- recall and maintenance ------------------------------------------------------------------


async def time_recalls(
    store: Backend, tenant: Tenant, settings: Settings, embedder: Embedder,
    texts: Sequence[str], warm: int,
) -> tuple[list[float], int]:  # fmt: skip
    """Sequential read-only recalls of `texts` through `RecallService` as the service composes
    it; the latencies after `warm` (ms) and how many recalls were degraded."""
    samples: list[float] = []
    degraded = 0
    async with compose_use_cases(
        settings, store, embedder, tenant, clock=lambda: NOW, ready=False
    ) as uses:
        for i, text in enumerate(texts):
            t0 = time.perf_counter()
            result = await uses.recall.recall(tenant, RecallRequest(text, RECALL_K, read_only=True))
            if i >= warm:
                samples.append((time.perf_counter() - t0) * 1000)
                degraded += result.degraded
    return samples, degraded


async def recall_figures(
    store: Backend, tenant: Tenant, settings: Settings, real: Embedder | None,
    memories: Sequence[SyntheticMemory], n: int, reps: int, seed: int, f: Figures,
) -> None:  # fmt: skip
    """Recall p50/p95 for a stored memory's text ("sentence") and 2–3 of its words ("words"),
    without embedding (hash) and with the real embedder (when loaded)."""
    rng = random.Random(seed + n)
    warm = 5
    picks = rng.sample(range(n), reps + warm)
    kinds = {
        "sentence": [memories[i].text for i in picks],
        "words": [words_query(memories[i].text, rng) for i in picks],
    }
    modes: dict[str, Embedder] = {"noembed": HashEmbedder(DIMENSION)}
    if real is not None:
        modes["embed"] = CachedEmbedder(real)  # every query misses its cache: distinct texts
    for kind, texts in kinds.items():
        for mode, embedder in modes.items():
            samples, degraded = await time_recalls(store, tenant, settings, embedder, texts, warm)
            p50, p95 = p50_p95(samples, 2)
            key = f"recall_{kind}" + ("" if mode == "embed" else "_noembed")
            f[f"{key}_p50_ms"], f[f"{key}_p95_ms"] = p50, p95
            f[f"{key}_degraded"] = degraded
            log(f"  {key:<26} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  ({len(samples)} reps)")


async def maintenance_pass(
    repo: Backend, tenant: Tenant, settings: Settings, f: Figures, prefix: str = ""
) -> list[str]:
    """One real pass as `retentia maintain` composes it, at the bench's fixed instant; the ids
    it forgot."""
    async with compose_use_cases(
        settings, repo, HashEmbedder(DIMENSION), tenant, clock=lambda: NOW, ready=False
    ) as uses:
        t0 = time.perf_counter()
        report = await uses.maintenance.maintain(tenant)
        f[f"{prefix}maintenance_s"] = round(time.perf_counter() - t0, 2)
    f[f"{prefix}maintenance_evaluated"] = report.evaluated
    f[f"{prefix}maintenance_forgotten"] = len(report.forgotten)
    f[f"{prefix}maintenance_consolidated"] = len(report.consolidated)
    log(f"  maintenance pass {f[f'{prefix}maintenance_s']} s: {report.summary()}")
    return report.forgotten


# -- curve: one tenant to a million ----------------------------------------------------------


async def run_curve(args: argparse.Namespace, data_dir: Path, out: Path) -> list[Figures]:
    settings = Settings(torch_threads=args.torch_threads)
    real = None if args.no_real_embedder else await load_embedder(settings)
    final = max(args.sizes)
    t0 = time.perf_counter()
    memories = generate_memories(final, args.seed)
    log(f"generated {final:,} memories in {time.perf_counter() - t0:.1f} s")
    tenant = Tenant(org="bench", project="scale-out")
    path = data_dir / "falkordb"
    rows: list[Figures] = []
    stored = 0
    gone: set[str] = set()
    try:
        for n in sorted(args.sizes):
            f: Figures = {"n": n, "load_avg_start": load_average()}
            t0 = time.perf_counter()
            async with open_falkor(path, args.appendfsync) as repo:
                f["open_s"] = round(time.perf_counter() - t0, 2)
                if stored:
                    await wait_ready(repo, tenant)
                    f["restart_to_ready_s"] = round(time.perf_counter() - t0, 2)
                    f["restart_at_n"] = stored
                    log(f"restart at {stored:,}: ready in {f['restart_to_ready_s']} s")
                else:
                    await repo.drop_tenant(tenant)
                    await repo.ensure_schema(tenant)
                store = repo
                log(f"== growing to {n:,} memories")
                w = await write_segment(
                    repo, store, tenant, memories, stored, n, settings, args.seed, gone=gone
                )
                f["segment_memories"] = w.memories
                f["insert_memories_per_s"] = round(w.memories / w.memory_s, 1)
                f["link_edges_per_s"] = round(w.edges / w.edge_s, 1)
                f["fact_apply_per_s"] = round(w.facts / w.fact_s, 1) if w.facts else None
                f["ingest_memories_per_s"] = round(
                    w.memories / (w.memory_s + w.edge_s + w.fact_s), 1
                )
                stored = n
                stats = await repo.stats(tenant)
                f["memories_stored"] = stats.memories
                f["edges_stored"] = sum(stats.edges.values())
                f["kappa_max"] = stats.kappa_max
                log(
                    f"  segment: {w.memories:,} memories {f['insert_memories_per_s']:,}/s, "
                    f"{w.edges:,} edges {f['link_edges_per_s']:,}/s, {w.facts:,} facts "
                    f"{f['fact_apply_per_s']}/s; stored {stats.memories:,} memories, "
                    f"{f['edges_stored']:,} edges"
                )
                await recall_figures(
                    store, tenant, settings, real, memories, n, args.recall_reps, args.seed, f
                )
                if not args.skip_maintenance:
                    gone.update(await maintenance_pass(repo, tenant, settings, f))
                    f["memories_after_maintenance"] = (await repo.stats(tenant)).memories
                mem = server_memory(path)
                f["falkordb_rss_mb"] = round(mem.get("VmRSS", 0.0), 1)
                f["falkordb_peak_rss_mb"] = round(mem.get("VmHWM", 0.0), 1)
                t1 = time.perf_counter()
            f["shutdown_s"] = round(time.perf_counter() - t1, 2)
            f["disk_mb"] = round(dir_size_mb(path), 1)
            f["bench_peak_rss_mb"] = round(peak_rss_mb(), 1)
            f["load_avg_end"] = load_average()
            log(f"  FalkorDB RSS {f['falkordb_rss_mb']:,} MiB, disk {f['disk_mb']:,} MiB")
            rows.append(f)
            write_curve(out, rows, args)
        if not args.skip_final_restart:
            t0 = time.perf_counter()
            async with open_falkor(path, args.appendfsync) as repo:
                await wait_ready(repo, tenant)
                rows[-1]["final_restart_to_ready_s"] = round(time.perf_counter() - t0, 2)
                mem = server_memory(path)
                rows[-1]["falkordb_rss_after_restart_mb"] = round(mem.get("VmRSS", 0.0), 1)
            log(f"restart at {stored:,}: ready in {rows[-1]['final_restart_to_ready_s']} s")
            write_curve(out, rows, args)
    finally:
        if real is not None:
            await real.aclose()
    return rows


CURVE_COLUMNS: Final = (
    ("n", "memories"),
    ("insert_memories_per_s", "insert/s"),
    ("link_edges_per_s", "edges/s"),
    ("fact_apply_per_s", "facts/s"),
    ("ingest_memories_per_s", "ingest memories/s (all three)"),
    ("recall_sentence_noembed_p50_ms", "recall sentence p50 ms (no embed)"),
    ("recall_sentence_noembed_p95_ms", "p95"),
    ("recall_words_noembed_p50_ms", "recall words p50 ms (no embed)"),
    ("recall_words_noembed_p95_ms", "p95"),
    ("recall_sentence_p50_ms", "recall sentence p50 ms (embed)"),
    ("recall_sentence_p95_ms", "p95"),
    ("recall_words_p50_ms", "recall words p50 ms (embed)"),
    ("recall_words_p95_ms", "p95"),
    ("maintenance_s", "maintenance pass s"),
    ("restart_to_ready_s", "restart to ready s (at the previous n)"),
    ("falkordb_rss_mb", "FalkorDB RSS MiB"),
    ("falkordb_peak_rss_mb", "FalkorDB peak RSS MiB"),
    ("disk_mb", "disk MiB"),
)


def cell(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return md_cell(str(value))


def context(args: argparse.Namespace) -> Figures:
    return {
        **client_figures(),
        "appendfsync": args.appendfsync,
        "dimension": DIMENSION,
        "seed": args.seed,
        **run_stamp(),
    }


def write_curve(out: Path, rows: Sequence[Figures], args: argparse.Namespace) -> None:
    ctx = context(args)
    lines = [
        f"Scale-out bench, curve — embedded FalkorDB, one tenant, commit `{ctx['commit']}`, "
        f"{ctx['date']}, {ctx['cpus']} CPUs, appendfsync {args.appendfsync}, "
        f"{DIMENSION}-d hash vectors",
        "",
        *md_table(["figure", *(f"{r['n']:,}" for r in rows)], "l" + "r" * len(rows)),
    ]
    for key, label in CURVE_COLUMNS[1:]:
        lines.append(md_row([f"{label} (`{key}`)", *(cell(r.get(key)) for r in rows)]))
    last = rows[-1]
    if "final_restart_to_ready_s" in last:
        lines += ["", f"Restart at {last['n']:,} to ready: {last['final_restart_to_ready_s']} s."]
    write_report(out, "scale-out-curve", {"context": ctx, "rows": list(rows)}, "\n".join(lines))


# -- tenants: many small tenants on one node -------------------------------------------------


def tenant_of(i: int) -> Tenant:
    return Tenant(org="bench", project=f"t{i:05d}")


async def create_tenants(
    repo: Backend, memories: Sequence[SyntheticMemory], count: int, size: int,
    settings: Settings, args: argparse.Namespace,
) -> float:  # fmt: skip
    """Tenants 0..count-1, `size` memories each with their edges and facts, `--create-workers`
    at once (setup, not a service figure); the seconds it took."""
    t0 = time.perf_counter()
    todo = iter(range(count))
    done = [0]

    async def creator() -> None:
        for i in todo:
            own = memories[i * size : (i + 1) * size]
            await repo.ensure_schema(tenant_of(i))
            await write_segment(
                repo, repo, tenant_of(i), own, 0, size, settings, args.seed, progress=False
            )
            done[0] += 1
            if done[0] % 1000 == 0:
                log(f"  created {done[0]:,} tenants ({done[0] / (time.perf_counter() - t0):.1f}/s)")

    await asyncio.gather(*(creator() for _ in range(args.create_workers)))
    return time.perf_counter() - t0


async def first_requests(
    repo: Backend, memories: Sequence[SyntheticMemory], count: int, size: int,
    settings: Settings, args: argparse.Namespace, f: Figures,
) -> None:  # fmt: skip
    """The first and the second recall of `--first-requests` sampled tenants, one at a time."""
    sample = random.Random(args.seed).sample(range(count), min(count, args.first_requests))
    first: list[float] = []
    second: list[float] = []
    async with compose_use_cases(
        settings, repo, HashEmbedder(DIMENSION), tenant_of(sample[0]), clock=lambda: NOW,
        ready=False,
    ) as uses:  # fmt: skip
        for i in sample:
            request = RecallRequest(memories[i * size].text, RECALL_K, read_only=True)
            for into in (first, second):
                t1 = time.perf_counter()
                await uses.recall.recall(tenant_of(i), request)
                into.append((time.perf_counter() - t1) * 1000)
    f["first_request_p50_ms"], f["first_request_p95_ms"] = p50_p95(first, 2)
    f["second_request_p50_ms"], f["second_request_p95_ms"] = p50_p95(second, 2)
    log(
        f"first recall per tenant p50 {f['first_request_p50_ms']} ms, p95 "
        f"{f['first_request_p95_ms']} ms; second p50 {f['second_request_p50_ms']} ms"
    )


async def maintenance_sweep(repo: Backend, count: int, settings: Settings, f: Figures) -> None:
    """One real pass over every tenant in turn, as `retentia maintain --all` runs them."""
    t1 = time.perf_counter()
    async with compose_use_cases(
        settings, repo, HashEmbedder(DIMENSION), tenant_of(0), clock=lambda: NOW, ready=False
    ) as uses:
        for i in range(count):
            await uses.maintenance.maintain(tenant_of(i))
    f["maintenance_sweep_s"] = round(time.perf_counter() - t1, 1)
    f["maintenance_per_tenant_ms"] = round(f["maintenance_sweep_s"] * 1000 / count, 1)
    log(f"maintenance sweep over {count:,} tenants: {f['maintenance_sweep_s']} s")


def write_figures(out: Path, name: str, title: str, f: Figures, args: argparse.Namespace) -> None:
    ctx = context(args)
    f.update(ctx)
    lines = [
        f"{title}, commit `{ctx['commit']}`, {ctx['date']}, {ctx['cpus']} CPUs",
        "",
        *md_table(
            "figure | value", "lr", ([f"`{k}`", cell(v)] for k, v in f.items() if k not in ctx)
        ),
    ]
    write_report(out, name, f, "\n".join(lines))


async def run_restart(args: argparse.Namespace, data_dir: Path, out: Path) -> Figures:
    """Restart to ready on the files a `curve` run left in `data_dir` (its last checkpoint),
    with a limit long enough for a large tenant's load and index build."""
    path = data_dir / "falkordb"
    if not path.is_dir():
        raise SystemExit(f"{path}: no curve data to restart on (run `curve --data-dir` first)")
    tenant = Tenant(org="bench", project="scale-out")
    f: Figures = {"disk_mb": round(dir_size_mb(path), 1), "load_avg_start": load_average()}
    log(f"restarting on {path} ({f['disk_mb']:,} MiB), limit {args.timeout_s:,.0f} s")
    t0 = time.perf_counter()
    async with open_falkor(path, args.appendfsync, args.timeout_s) as repo:
        f["open_s"] = round(time.perf_counter() - t0, 2)
        log(f"  server open in {f['open_s']} s")
        await wait_ready(repo, tenant, args.timeout_s)
        f["restart_to_ready_s"] = round(time.perf_counter() - t0, 2)
        stats = await repo.stats(tenant)
        f["memories_stored"] = stats.memories
        mem = server_memory(path)
        f["falkordb_rss_after_restart_mb"] = round(mem.get("VmRSS", 0.0), 1)
        f["falkordb_peak_rss_mb"] = round(mem.get("VmHWM", 0.0), 1)
        log(f"  ready in {f['restart_to_ready_s']} s with {stats.memories:,} memories")
        if args.breakdown:
            await recall_breakdown(repo, tenant, args, f)
            # The same recalls with the graph leg reading hub names again, then as shipped.
            await recall_breakdown(repo, tenant, args, f, "uncapped", recall_hub_mentions=0)
            await recall_breakdown(repo, tenant, args, f, "breakdown_again")
            # Calls one at a time: what each costs on its own (the times above overlap).
            await recall_breakdown(repo, tenant, args, f, "serial", serial=True)
        if args.common_words:
            await common_words_answer(repo, tenant, args, f)
    f["load_avg_end"] = load_average()
    write_figures(out, "scale-out-restart", "Scale-out bench, restart to ready", f, args)
    return f


async def run_breakdown(args: argparse.Namespace, data_dir: Path, out: Path) -> Figures:
    """The recall breakdown (as shipped, then serialised) against a FalkorDB server already
    holding a curve run's tenant (`--url`; e.g. redis-server started on the curve's files):
    no restart per run, so two versions of the code can be compared on one load of the data,
    run after run."""
    tenant = Tenant(org="bench", project="scale-out")
    f: Figures = {"load_avg_start": load_average()}
    config = FalkorConfig(url=args.url, vector_dimension=DIMENSION)
    async with open_backend(config) as repo:
        await wait_ready(repo, tenant, args.timeout_s)
        await repo.ensure_fact_schema(tenant)
        f["memories_stored"] = (await repo.stats(tenant)).memories
        await recall_breakdown(repo, tenant, args, f)
        await recall_breakdown(repo, tenant, args, f, "serial", serial=True)
    f["load_avg_end"] = load_average()
    write_figures(out, "scale-out-breakdown", "Scale-out bench, recall breakdown", f, args)
    return f


async def recall_breakdown(
    repo: Backend, tenant: Tenant, args: argparse.Namespace, f: Figures,
    prefix: str = "breakdown", *, serial: bool = False, **engine: object,
) -> None:  # fmt: skip
    """`--breakdown` sentence recalls without embedding (texts of stored memories), one at a
    time, every repository call timed: where a recall's time goes at this size. `serial`: the
    recall's repository calls run one at a time (`RepoTimer`), so each call's time is its own
    and not the wait for the others. `engine`: engine settings changed for this run (keys under
    `prefix`)."""
    page = await repo.memory_page(tenant, after="", limit=2000)
    rng = random.Random(args.seed)
    warm = 5
    texts = [m.content for m in rng.sample(page, min(len(page), args.breakdown + warm))]
    settings = Settings(torch_threads=args.torch_threads)
    settings = settings.model_copy(update={"engine": settings.engine.model_copy(update=engine)})
    timer = RepoTimer(repo, serial=serial)
    try:
        await time_recalls(repo, tenant, settings, HashEmbedder(DIMENSION), texts[:warm], 0)
        timer.reset()
        samples, degraded = await time_recalls(
            repo, tenant, settings, HashEmbedder(DIMENSION), texts[warm:], 0
        )
    finally:
        timer.restore()
    n = len(samples)
    f[f"{prefix}_recalls"], f[f"{prefix}_degraded"] = n, degraded
    f[f"{prefix}_p50_ms"], f[f"{prefix}_p95_ms"] = p50_p95(samples, 2)
    for name in sorted(timer.seconds, key=lambda k: -timer.seconds[k]):
        f[f"{prefix}_{name}_ms"] = round(1000 * timer.seconds[name] / n, 2)
        f[f"{prefix}_{name}_calls"] = round(timer.calls[name] / n, 2)
    log(
        f"  {prefix} {engine or ''}: {n} recalls (sentence, no embedding): p50 "
        f"{f[f'{prefix}_p50_ms']} ms, p95 {f[f'{prefix}_p95_ms']} ms; per recall: "
        + ", ".join(
            f"{k} {1000 * v / n:.1f} ms"
            for k, v in sorted(timer.seconds.items(), key=lambda kv: -kv[1])[:8]
        )
    )


async def common_words_answer(
    repo: Backend, tenant: Tenant, args: argparse.Namespace, f: Figures
) -> None:
    """`--common-words` "words" queries (2–3 of a stored memory's words) whose every word the
    index holds in more than the postings cap: the memory full-text leg as shipped (the
    memories holding all the words, or any when none does) against the index's ranking of the
    union of the words alone (its answer before), alternating query by query; and how often
    the memory the words came from is among the k = 50 answered."""
    from graph_backends.falkordb.repository import FalkorRepository

    if not isinstance(repo, FalkorRepository):
        return
    page = await repo.memory_page(tenant, after="", limit=5000)
    rng = random.Random(args.seed + 1)
    shipped: list[float] = []
    union: list[float] = []
    found = {"shipped": 0, "union": 0}
    tried = 0
    for memory in rng.sample(page, len(page)):
        if len(shipped) == args.common_words or tried == 20 * args.common_words:
            break
        tried += 1
        words = words_query(memory.content, rng)
        terms = bm25.query_terms(words)
        await repo.fulltext_search(tenant, words, 50)  # learns which words are common
        if len(terms) < 2 or repo._common_terms.known(tenant.key, terms) != set(terms):
            continue
        t0 = time.perf_counter()
        hits = await repo.fulltext_search(tenant, words, 50)
        shipped.append(1000 * (time.perf_counter() - t0))
        found["shipped"] += memory.id in {h.memory_id for h in hits}
        t0 = time.perf_counter()
        rows = await repo._run(
            tenant, QueryName.FULLTEXT_SEARCH, {"query": " | ".join(terms), "k": 50},
            read_only=True,
        )  # fmt: skip
        union.append(1000 * (time.perf_counter() - t0))
        found["union"] += memory.id in {r["id"] for r in rows}
    n = len(shipped)
    f["common_words_queries"], f["common_words_tried"] = n, tried
    if not n:
        log(f"  common words: none of {tried} words queries had only common words")
        return
    f["common_words_shipped_p50_ms"], f["common_words_shipped_p95_ms"] = p50_p95(shipped, 2)
    f["common_words_union_p50_ms"], f["common_words_union_p95_ms"] = p50_p95(union, 2)
    f["common_words_source_found_shipped"] = found["shipped"]
    f["common_words_source_found_union"] = found["union"]
    log(
        f"  common words ({n} of {tried} words queries): full-text leg as shipped p50 / p95 "
        f"{f['common_words_shipped_p50_ms']} / {f['common_words_shipped_p95_ms']} ms, the "
        f"union's answer alone {f['common_words_union_p50_ms']} / "
        f"{f['common_words_union_p95_ms']} ms; the source memory among the 50: "
        f"{found['shipped']} / {found['union']}"
    )


async def run_tenants(args: argparse.Namespace, data_dir: Path, out: Path) -> Figures:
    settings = Settings(torch_threads=args.torch_threads)
    count, size = args.tenants, args.tenant_size
    memories = generate_memories(count * size, args.seed)
    path = data_dir / "falkordb"
    f: Figures = {"tenants": count, "memories_per_tenant": size}
    f["create_workers"] = args.create_workers
    f["load_avg_start"] = load_average()
    async with open_falkor(path, args.appendfsync) as repo:
        base = server_memory(path).get("VmRSS", 0.0)
        f["falkordb_rss_empty_mb"] = round(base, 1)
        f["create_s"] = round(await create_tenants(repo, memories, count, size, settings, args), 1)
        f["create_tenants_per_s"] = round(count / f["create_s"], 1)
        f["last_tenant_memories"] = (await repo.stats(tenant_of(count - 1))).memories
        rss = server_memory(path).get("VmRSS", 0.0)
        f["falkordb_rss_mb"] = round(rss, 1)
        f["rss_per_tenant_kib"] = round((rss - base) * 1024 / count, 1)
    f["disk_mb"] = round(dir_size_mb(path), 1)
    f["disk_per_tenant_kib"] = round(f["disk_mb"] * 1024 / count, 1)
    log(
        f"{count:,} tenants: RSS {rss:,.0f} MiB ({f['rss_per_tenant_kib']} KiB each), "
        f"disk {f['disk_mb']:,} MiB"
    )
    t0 = time.perf_counter()
    async with open_falkor(path, args.appendfsync) as repo:
        f["restart_open_s"] = round(time.perf_counter() - t0, 2)
        listed = await repo.list_tenants()
        f["restart_list_tenants_s"] = round(time.perf_counter() - t0, 2)
        f["tenants_listed"] = sum(t.org == "bench" for t in listed)
        log(
            f"restart: open {f['restart_open_s']} s, {f['tenants_listed']:,} tenants listed "
            f"after {f['restart_list_tenants_s']} s"
        )
        f["falkordb_rss_after_restart_mb"] = round(server_memory(path).get("VmRSS", 0.0), 1)
        await first_requests(repo, memories, count, size, settings, args, f)
        if not args.skip_maintenance:
            await maintenance_sweep(repo, count, settings, f)
    f["bench_peak_rss_mb"] = round(peak_rss_mb(), 1)
    f["load_avg_end"] = load_average()
    title = f"Scale-out bench, tenants — embedded FalkorDB, appendfsync {args.appendfsync}"
    write_figures(out, "scale-out-tenants", title, f, args)
    return f


# -- cluster: the same small-tenant load on one node and on a 3-master cluster ---------------


async def run_cluster(args: argparse.Namespace, data_dir: Path, out: Path) -> Figures:
    """The tenants load (create, first and second recall, maintenance sweep) on one FalkorDB
    node and on a 3-master Redis Cluster of FalkorDB nodes (`devtools/falkordb_cluster.py`),
    every server on this machine: on 2 cores that is the cluster's overhead, not a speed-up."""
    from devtools import falkordb_cluster

    settings = Settings(torch_threads=args.torch_threads)
    count, size = args.tenants, args.tenant_size
    memories = generate_memories(count * size, args.seed)
    f: Figures = {
        "tenants": count,
        "memories_per_tenant": size,
        "create_workers": args.create_workers,
    }
    for label in ("single", "cluster"):
        if label == "single":
            node = await asyncio.to_thread(falkordb_cluster.start_single, data_dir / label)
            config = FalkorConfig(url=node.url, vector_dimension=DIMENSION)
            stop: Callable[[], None] = partial(falkordb_cluster.stop_node, node)
        else:
            cluster = await asyncio.to_thread(falkordb_cluster.start, data_dir / label)
            config = FalkorConfig(url=cluster.url, cluster=True, vector_dimension=DIMENSION)
            stop = cluster.stop
        try:
            g: Figures = {}
            async with open_backend(config) as repo:
                created = await create_tenants(repo, memories, count, size, settings, args)
                g["create_tenants_per_s"] = round(count / created, 1)
                await first_requests(repo, memories, count, size, settings, args, g)
                await maintenance_sweep(repo, count, settings, g)
                g["tenants_listed"] = sum(t.org == "bench" for t in await repo.list_tenants())
        finally:
            await asyncio.to_thread(stop)
        log(f"{label}: {g}")
        f.update({f"{label}_{k}": v for k, v in g.items()})
    f["bench_peak_rss_mb"] = round(peak_rss_mb(), 1)
    title = "Scale-out bench, cluster — one FalkorDB node vs a 3-master cluster, same load"
    write_figures(out, "scale-out-cluster", title, f, args)
    return f


# -- entry point -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = p.add_subparsers(dest="mode", required=True)
    curve = sub.add_parser("curve", help="one tenant grown through --sizes")
    curve.add_argument(
        "--sizes", type=int, nargs="+", default=[100_000, 250_000, 500_000, 1_000_000]
    )
    curve.add_argument("--recall-reps", type=int, default=100, help="timed recalls per kind/mode")
    curve.add_argument(
        "--no-real-embedder", action="store_true", help="no 'with embedding' recalls"
    )
    curve.add_argument("--skip-final-restart", action="store_true")
    tenants = sub.add_parser("tenants", help="many small tenants on one node")
    cluster = sub.add_parser("cluster", help="small tenants on one node vs a 3-master cluster")
    for q, default in ((tenants, 10_000), (cluster, 500)):
        q.add_argument("--tenants", type=int, default=default)
        q.add_argument("--tenant-size", type=int, default=20, help="memories per tenant")
        q.add_argument("--first-requests", type=int, default=200, help="tenants sampled")
        q.add_argument(
            "--create-workers", type=int, default=4, help="tenants created at once (setup only)"
        )
    restart = sub.add_parser("restart", help="restart to ready on a curve run's --data-dir")
    restart.add_argument("--timeout-s", type=float, default=7200.0, help="limit on the load")
    restart.add_argument(
        "--breakdown", type=int, default=50, help="recalls timed call by call once ready (0: none)"
    )
    restart.add_argument(
        "--common-words",
        type=int,
        default=50,
        help="words queries of only common words, the full-text leg timed (0: none)",
    )
    breakdown = sub.add_parser(
        "breakdown", help="recall call by call on a server holding a curve's tenant (--url)"
    )
    breakdown.add_argument("--url", required=True, help="redis://host:port of that server")
    breakdown.add_argument("--breakdown", type=int, default=100, help="recalls timed")
    breakdown.add_argument("--timeout-s", type=float, default=900.0, help="wait for readiness")
    for q in (curve, tenants, cluster, restart, breakdown):
        q.add_argument("--skip-maintenance", action="store_true")
        q.add_argument("--seed", type=int, default=42)
        q.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)
        q.add_argument("--data-dir", type=Path, help="data root (default: a temporary dir)")
        q.add_argument("--keep", action="store_true", help="keep the temporary data directory")
        add_out(q, "scale_out")
        q.add_argument("--appendfsync", choices=("always", "everysec"), default="always")
    args = p.parse_args(argv)
    if args.mode == "curve" and (min(args.sizes) < 20 or args.recall_reps < 20):
        p.error("--sizes must be at least 20 and --recall-reps at least 20")
    if args.mode == "restart" and args.data_dir is None:
        p.error("restart needs --data-dir: the curve run's data root")
    if args.mode in ("tenants", "cluster") and (args.tenant_size < 2 or args.first_requests < 2):
        p.error("--tenant-size and --first-requests must be at least 2")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    runner: Callable[[argparse.Namespace, Path, Path], Awaitable[object]]
    runner = {
        "curve": run_curve,
        "tenants": run_tenants,
        "cluster": run_cluster,
        "restart": run_restart,
        "breakdown": run_breakdown,
    }[args.mode]
    with data_directory(args.data_dir, f"retentia-scale-out-{args.mode}-", keep=args.keep) as d:
        asyncio.run(runner(args, d, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
