"""Maintenance bench: one `maintain` pass over a tenant of N memories (about 2N edges) on an
embedded FalkorDB, for each N in `--sizes`.

    python -m bench.maintain [--sizes 10000 100000] [--out DIR] [--profile]
                             [--socket-timeout S] [--dimension D]

For each size a fresh FalkorDB gets a synthetic tenant with a realistic lifecycle state (two
years of creation times, every status, reactivations, pinned and org-visible memories,
SUPERSEDES chains, stale machine-made RELATED_TO edges, entities shared by many memories so
consolidation groups form), written straight through the repository. Then, at one fixed
instant, it times a dry-run pass, a real pass and a second real pass (which must change
nothing), with the time of each phase and of each repository call. Embeddings are cheap
deterministic unit vectors (16-d by default): the real embedder's cost is not part of the
figures.
Writes `<out>/maintain-falkordb.json` (a flat object of named figures) and
`<out>/maintain-falkordb.md`; with `--profile`, `<out>/maintain-falkordb.profile.txt`.
See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import itertools
import pstats
import random
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Final

import numpy as np

from bench.harness.embedders import HashEmbedder
from bench.harness.options import add_run_options
from bench.harness.processes import falkordb_pid, peak_rss_mb, proc_memory_mb
from bench.harness.reports import figure_cell, md_row, md_table, write_report
from bench.harness.run import (
    Figures,
    client_figures,
    data_directory,
    log,
    package_version,
    run_stamp,
)
from bench.harness.timing import RepoTimer, write_batches
from graph_backends import Backend, BackendError, FalkorConfig, open_backend
from schema import (
    Category,
    EdgeCreator,
    EdgeType,
    Memory,
    MemoryEdge,
    MemoryStatus,
    Tenant,
    Visibility,
)
from service.compose import UseCases, compose_use_cases
from service.engine.settings import EngineSettings
from service.engine.text import normalise as normalise_entity
from service.settings import Settings
from service.usecases.maintenance import MaintenanceReport, MaintenanceService

#: The instant every pass runs at (the clock never moves).
NOW: Final = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
#: Days of history the memories' creation times spread over.
HISTORY_DAYS: Final = 730.0
#: Embedding dimension: small, since maintenance never reads embeddings (but see --dimension).
DEFAULT_DIMENSION: Final = 16
INSERT_BATCH: Final = 1000
LINK_BATCH: Final = 2000
TARGET_PASS_S: Final = 60.0
#: The phases of a pass, in the order `maintain` reports reaching their ends via `progress`.
PHASES: Final = ("load", "evaluate", "consolidate", "forget", "rescore_write")

#: Status of a memory older than a day (younger ones are tagged or active).
STATUS_WEIGHTS: Final[dict[MemoryStatus, float]] = {
    MemoryStatus.TAGGED: 0.05,
    MemoryStatus.ACTIVE: 0.27,
    MemoryStatus.EPISODIC: 0.32,
    MemoryStatus.SEMANTIC: 0.05,
    MemoryStatus.DORMANT: 0.26,
    MemoryStatus.CORE: 0.05,
}
#: Writer-made edge types (SUPERSEDES comes only from correction chains).
WRITER_EDGE_WEIGHTS: Final[dict[EdgeType, float]] = {
    EdgeType.CAUSED_BY: 0.30,
    EdgeType.SUPPORTS: 0.26,
    EdgeType.RELATED_TO: 0.14,
    EdgeType.DERIVED_FROM: 0.06,
    EdgeType.CONTRADICTS: 0.08,
    EdgeType.TEMPORAL_SEQUENCE: 0.16,
}
#: Share of the edges that are machine-made RELATED_TO (auto-links).
AUTO_SHARE: Final = 0.20
#: Share of the auto-links (between memories old enough) last validated before the stale limit.
STALE_SHARE: Final = 0.6
#: Share of the recalled memories whose last recall was in the last ten minutes (activation,
#: and so core promotion, needs recent recalls: a presentation t seconds old adds t^-0.5).
RECENT_RECALL_SHARE: Final = 0.05
#: Share of writer edges drawn between memories that share an entity.
SAME_ENTITY_SHARE: Final = 0.6

FIRST: Final = (
    "Alice Bruno Chen Dana Emeka Farah Gustavo Hana Ivan Jamal Keiko Lena Mateo Nadia Omar "
    "Priya Quentin Rosa Sven Tomas Uma Viktor Wen Ximena Yusuf Zoe Amara Bjorn Carmen Dmitri "
    "Elif Felix Greta Hiro Ines Jonas Kofi Lucia Marek Noor Oskar Paula Rafael Sana Tariq "
    "Ulla Vera Wim Xavier Yara"
).split()
LAST: Final = (
    "Okafor Lindqvist Tanaka Moreau Alvarez Kowalski Haddad Nguyen Fischer Rossi Patel Novak "
    "Duarte Ibrahim Larsen Costa Petrov Yamamoto Mensah Schmidt Oliveira Kaur Bianchi Horvath "
    "Mwangi Jensen Ortega Sato Weber Adeyemi Berg Castillo Dubois Eriksen Ferreira Gallo "
    "Hansen Ito Jovanovic Keller Lopez Meyer Nakamura Olsen Pereira Quinn Reyes Silva Torres "
    "Varga"
).split()
TOPICS: Final = (
    "the budget review;the release plan;a dinner invitation;the quarterly goals;a flight change;"
    "the new apartment;a book recommendation;the running schedule;an invoice dispute;"
    "the hiring pipeline;a birthday party;the migration to the new cluster;a doctor's advice;"
    "the garden project;a conference talk;the insurance claim"
).split(";")

# -- synthetic tenant ------------------------------------------------------------------------


def entity_pool(size: int) -> list[str]:
    """`size` distinct "First Last" names (at most len(FIRST) × len(LAST))."""
    names = [f"{f} {last}" for last in LAST for f in FIRST]
    if size > len(names):
        raise ValueError(f"at most {len(names)} entity names")
    return random.Random(0).sample(names, size)


def _between(rng: random.Random, start: datetime, end: datetime) -> datetime:
    return start + (end - start) * rng.random()


@dataclass
class Tenancy:
    """The synthetic tenant and what it holds, for the report."""

    memories: list[Memory]
    edges: list[MemoryEdge]
    figures: Figures = field(default_factory=dict)


def generate(
    n: int, seed: int, pool_size: int, edge_factor: float, dimension: int = DEFAULT_DIMENSION
) -> Tenancy:
    """N memories and about `edge_factor`·N distinct edges, deterministic for a given seed."""
    rng = random.Random(seed)
    names = entity_pool(pool_size)
    # Zipf-like popularity (weight 1/√rank): a few names recur in hundreds of memories, most
    # in a handful, so consolidation groups of every size form.
    cum_weights = list(itertools.accumulate(1.0 / (k + 1) ** 0.5 for k in range(pool_size)))
    ids = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(n)]
    created: list[datetime] = []
    statuses: list[MemoryStatus] = []
    status_kinds, status_weights = list(STATUS_WEIGHTS), list(STATUS_WEIGHTS.values())
    for _ in range(n):
        fresh = rng.random() < 0.01
        age_days = rng.random() if fresh else max(1.0, HISTORY_DAYS * rng.random() ** 1.5)
        created.append(NOW - timedelta(days=age_days))
        if fresh:
            statuses.append(MemoryStatus.TAGGED if rng.random() < 0.7 else MemoryStatus.ACTIVE)
        else:
            statuses.append(rng.choices(status_kinds, status_weights)[0])
    entities: list[tuple[str, ...]] = []
    summarised: set[str] = set()
    for i, status in enumerate(statuses):
        if status is MemoryStatus.SEMANTIC:
            # An earlier consolidation: one summary per entity; once every name drawn has one,
            # the memory is an ordinary episodic one instead.
            name = rng.choices(names, cum_weights=cum_weights)[0]
            if name not in summarised:
                summarised.add(name)
                entities.append((name,))
                continue
            statuses[i] = MemoryStatus.EPISODIC
        k = rng.choice((1, 1, 2, 2, 2, 3))
        entities.append(tuple(dict.fromkeys(rng.choices(names, cum_weights=cum_weights, k=k))))

    edges: dict[tuple[str, str, EdgeType], MemoryEdge] = {}

    def add(
        a: int,
        b: int,
        edge_type: EdgeType,
        *,
        by: EdgeCreator = EdgeCreator.WRITER,
        made: datetime | None = None,
        validated: datetime | None = None,
        weight: float | None = None,
        reason: str | None = None,
    ) -> bool:
        key = (ids[a], ids[b], edge_type)
        if a == b or key in edges:
            return False
        if made is None:
            made = min(NOW, max(created[a], created[b]) + timedelta(minutes=rng.randrange(1, 600)))
        edges[key] = MemoryEdge(
            source=ids[a],
            target=ids[b],
            type=edge_type,
            weight=weight if weight is not None else round(rng.uniform(0.3, 1.0), 2),
            reason=reason,
            created_by=by,
            created_at=made,
            last_validated_at=validated if validated is not None else made,
        )
        return True

    # Correction chains: each newer memory SUPERSEDES the one before; the old one is marked.
    superseded_by: dict[int, str] = {}
    chained: set[int] = set()
    candidates = [i for i, s in enumerate(statuses) if s is not MemoryStatus.SEMANTIC]
    chain_count = 0
    for _ in range(n // 100):
        members = [i for i in rng.sample(candidates, rng.randint(2, 4)) if i not in chained]
        if len(members) < 2:
            continue
        members.sort(key=lambda i: created[i])
        chained.update(members)
        chain_count += 1
        for older, newer in itertools.pairwise(members):
            entities[newer] = entities[members[0]]
            superseded_by[older] = ids[newer]
            add(newer, older, EdgeType.SUPERSEDES, reason="corrected")

    by_entity: dict[str, list[int]] = defaultdict(list)
    for i, names_of in enumerate(entities):
        for name in names_of:
            by_entity[name].append(i)

    # Earlier consolidations: a semantic memory DERIVED_FROM a few memories of its entity.
    for i, status in enumerate(statuses):
        if status is MemoryStatus.SEMANTIC:
            pool = by_entity[entities[i][0]]
            for j in rng.sample(pool, min(len(pool), rng.randint(3, 8))):
                add(i, j, EdgeType.DERIVED_FROM, by=EdgeCreator.CONSOLIDATION)

    target = int(edge_factor * n)
    writer_kinds, writer_weights = list(WRITER_EDGE_WEIGHTS), list(WRITER_EDGE_WEIGHTS.values())
    stale_before = NOW - timedelta(days=EngineSettings().auto_link_stale_days)
    stale_auto = 0
    while len(edges) < target:
        a = rng.randrange(n)
        pool = by_entity[rng.choice(entities[a])]
        b = rng.choice(pool) if rng.random() < SAME_ENTITY_SHARE else rng.randrange(n)
        if rng.random() < AUTO_SHARE:
            cosine = round(rng.uniform(0.6, 0.95), 3)
            made = max(created[a], created[b])
            stale = made < stale_before and rng.random() < STALE_SHARE
            start = made if stale else max(made, stale_before)
            validated = _between(rng, start, stale_before if stale else NOW)
            if add(
                a,
                b,
                EdgeType.RELATED_TO,
                by=EdgeCreator.AUTO,
                made=made,
                validated=validated,
                weight=cosine,
                reason=f"similar content (cosine {cosine:.3f})",
            ):
                stale_auto += stale
        else:
            add(a, b, rng.choices(writer_kinds, writer_weights)[0])

    raw = np.random.default_rng(seed).standard_normal((n, dimension))
    vectors = (raw / np.linalg.norm(raw, axis=1, keepdims=True)).tolist()
    settings = EngineSettings()
    memories = []
    for i in range(n):
        status = statuses[i]
        age = NOW - created[i]
        fresh = age < timedelta(days=1)
        recalls: list[datetime] = []
        if not fresh and rng.random() < 0.35:
            recalls = sorted(_between(rng, created[i], NOW) for _ in range(rng.randint(1, 8)))
            if rng.random() < RECENT_RECALL_SHARE:  # recalled in the session going on now
                recalls[-1] = NOW - timedelta(seconds=rng.uniform(1.0, 600.0))
        stability = 1.0
        for _ in recalls:
            stability += settings.stability_increment / stability
        if recalls:
            accessed: datetime | None = _between(rng, recalls[-1], NOW)
        elif rng.random() < 0.8:
            accessed = created[i] + age * rng.random() ** 3
        else:
            accessed = None
        roll = rng.random()
        if fresh and status is MemoryStatus.TAGGED:
            evaluated = None
        elif roll < 0.15:  # evaluated within the interval: the FSM skips it this pass
            evaluated = max(created[i], NOW - timedelta(hours=rng.uniform(0.5, 20.0)))
        elif roll < 0.9:
            evaluated = max(created[i], NOW - timedelta(days=rng.uniform(1.0, 14.0)))
        else:
            evaluated = None
        names_of = entities[i]
        topic, topic2 = rng.sample(TOPICS, 2)
        metadata: dict[str, str] = {}
        if status is MemoryStatus.SEMANTIC:
            content = f"About {names_of[0]}: notes on {topic} and {topic2}."
            metadata = {
                "consolidated_entity": normalise_entity(names_of[0]),
                "sources": str(rng.randint(3, 8)),
            }
        else:
            content = (
                f"{' and '.join(names_of)} brought up {topic} (note {i}). Follow-up about {topic2}."
            )
        memories.append(
            Memory(
                id=ids[i],
                content=content,
                embedding=tuple(vectors[i]),
                entities=names_of,
                category=rng.choice(list(Category)),
                status=status,
                pinned=rng.random() < 0.03,
                visibility=Visibility.ORG if rng.random() < 0.05 else Visibility.PRIVATE,
                created_at=created[i],
                last_accessed_at=accessed,
                last_reactivated_at=recalls[-1] if recalls else None,
                reactivation_timestamps=tuple(recalls),
                reactivation_count=len(recalls) + (rng.randint(0, 4) if recalls else 0),
                cascade_count=rng.randint(0, 5) if recalls else 0,
                stability=stability,
                score=round(rng.random() * 0.6, 4),
                irrelevance_counter=rng.choice((0, 0, 1, 2))
                if status is MemoryStatus.ACTIVE
                else 0,
                last_evaluated_at=evaluated,
                source_session=f"session-{i // 40}",
                superseded_by=superseded_by.get(i),
                metadata=metadata,
            )
        )

    counts = Counter(m.status for m in memories)
    f: Figures = {f"seed_status_{s}": counts.get(s, 0) for s in MemoryStatus}
    f["seed_pinned"] = sum(m.pinned for m in memories)
    f["seed_org"] = sum(m.visibility is Visibility.ORG for m in memories)
    f["seed_reactivated"] = sum(bool(m.reactivation_timestamps) for m in memories)
    f["seed_superseded"] = len(superseded_by)
    f["seed_supersedes_chains"] = chain_count
    f["seed_auto_links"] = sum(e.created_by is EdgeCreator.AUTO for e in edges.values())
    f["seed_stale_auto_links"] = stale_auto
    f["seed_entities_used"] = len(by_entity)
    return Tenancy(memories, list(edges.values()), f)


# -- measurement helpers ---------------------------------------------------------------------


@dataclass
class PassResult:
    report: MaintenanceReport
    seconds: float
    phases: dict[str, float]
    repo_seconds: dict[str, float]
    repo_calls: dict[str, int]
    embed_seconds: float


async def timed_pass(
    maintenance: MaintenanceService, tenant: Tenant, timer: RepoTimer, embedder: HashEmbedder,
    *, dry_run: bool,
) -> PassResult:  # fmt: skip
    marks: list[float] = []

    def progress(message: str) -> None:
        marks.append(time.perf_counter())
        log(f"  {message}")

    timer.reset()
    embedded = embedder.seconds
    t0 = time.perf_counter()
    report = await maintenance.maintain(tenant, dry_run=dry_run, progress=progress)
    elapsed = time.perf_counter() - t0
    names = PHASES if len(marks) == len(PHASES) else [f"phase{i}" for i in range(len(marks))]
    if len(marks) != len(PHASES):
        log(f"WARNING: {len(marks)} progress messages, expected {len(PHASES)}")
    starts = [t0, *marks[:-1]]
    phases = {name: b - a for name, a, b in zip(names, starts, marks, strict=True)}
    return PassResult(
        report, elapsed, phases, dict(timer.seconds), dict(timer.calls),
        embedder.seconds - embedded,
    )  # fmt: skip


def report_counts(report: MaintenanceReport) -> Figures:
    return {
        "memories": report.memories,
        "evaluated": report.evaluated,
        "transitions": sum(report.transitions.values()),
        "rescored": report.rescored,
        "promoted": len(report.promoted),
        "awaiting_approval": len(report.awaiting_approval),
        "consolidated": len(report.consolidated),
        "consolidated_sources": sum(len(c.sources) for c in report.consolidated),
        "forgotten": len(report.forgotten),
        "tombstones": len(report.tombstones),
    }


def transitions_text(report: MaintenanceReport) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(report.transitions.items())) or "none"


def falkordb_peak_mb(falkor_dir: Path) -> float | None:
    pid = falkordb_pid(falkor_dir)
    peak = proc_memory_mb(pid).get("VmHWM") if pid else None
    return round(peak, 1) if peak is not None else None


# -- phases ----------------------------------------------------------------------------------


async def seed(repo: Backend, tenant: Tenant, t: Tenancy, f: Figures) -> None:
    await repo.drop_tenant(tenant)
    await repo.ensure_schema(tenant)
    write = partial(repo.upsert_memories, tenant)
    elapsed = await write_batches(t.memories, INSERT_BATCH, write, what="inserted", log_every=10)
    f["insert_memories_per_s"] = round(len(t.memories) / elapsed, 1)
    elapsed = await write_batches(
        t.edges, LINK_BATCH, partial(repo.link, tenant), what="linked", log_every=10
    )
    f["link_edges_per_s"] = round(len(t.edges) / elapsed, 1)
    stats = await repo.stats(tenant)
    f["memories"] = stats.memories
    f["edges"] = sum(stats.edges.values())
    f["orphans"] = stats.orphans
    f["kappa_max"] = stats.kappa_max
    log(
        f"graph: {stats.memories} memories, {f['edges']} edges, {stats.orphans} orphans, "
        f"κmax {stats.kappa_max}"
    )
    if stats.memories != len(t.memories) or f["edges"] != len(t.edges):
        raise RuntimeError("stored counts differ from what was written")


def pass_figures(prefix: str, result: PassResult, n: int) -> Figures:
    f: Figures = {
        f"{prefix}_s": round(result.seconds, 2),
        # The real pass's throughput is the headline figure: `n<N>_memories_per_s`.
        f"{'' if prefix == 'pass' else prefix + '_'}memories_per_s": round(n / result.seconds, 1),
    }
    f.update({f"{prefix}_{k}": v for k, v in report_counts(result.report).items()})
    return f


async def run_size(
    n: int, settings: Settings, args: argparse.Namespace, data_dir: Path, profile_out: list[str]
) -> Figures:
    log(f"== N = {n:,}: generating memories and about {args.edge_factor * n:,.0f} edges")
    t0 = time.perf_counter()
    tenancy = generate(n, args.seed, args.entities, args.edge_factor, args.dimension)
    f: Figures = {"generate_s": round(time.perf_counter() - t0, 1), **tenancy.figures}
    log(
        f"generated in {f['generate_s']} s: "
        + ", ".join(f"{s} {f[f'seed_status_{s}']}" for s in MemoryStatus)
        + f"; {f['seed_superseded']} superseded, {f['seed_stale_auto_links']} stale auto links"
    )
    tenant = Tenant(org="bench", project=f"maintain-{n}")
    config = FalkorConfig(
        data_dir=data_dir / f"falkordb-{n}",
        vector_dimension=args.dimension,
        appendfsync=args.appendfsync,
        socket_timeout_s=args.socket_timeout,
        startup_timeout_s=600,
    )
    embedder = HashEmbedder(args.dimension)
    async with open_backend(config) as repo:
        t0 = time.perf_counter()
        await seed(repo, tenant, tenancy, f)
        f["seed_s"] = round(time.perf_counter() - t0, 1)
        summarised = frozenset(
            m.metadata["consolidated_entity"]
            for m in tenancy.memories
            if "consolidated_entity" in m.metadata
        )
        del tenancy
        timer = RepoTimer(repo)
        # The memory service and summarizer as `retentia maintain` composes them, ready for
        # the tenant (a running service has the schema ensured already).
        async with compose_use_cases(settings, repo, embedder, tenant, clock=lambda: NOW) as uses:
            try:
                await measure_passes(uses, repo, tenant, timer, embedder, n, summarised, f)
            except BackendError as e:
                # Recorded, not raised: the figures of the other sizes still get written.
                f["error"] = f"{type(e).__name__}: {e}"
                last = timer.last_started()
                if last is not None:
                    f["error_in"] = f"{last[0]} (started {last[1]:.2f} s before the error)"
                failed = f["passes_completed"] + 1
                log(f"ERROR: pass {failed} failed in {f.get('error_in')}: {f['error']}")
        f["peak_rss_falkordb_mb"] = falkordb_peak_mb(config.data_dir)
        if args.profile and "error" not in f:
            profile_out.append(await profile_pass(n, settings, args, repo, embedder))
        await repo.drop_tenant(tenant)
    f["peak_rss_bench_mb"] = round(peak_rss_mb(), 1)
    if "second_pass_changed" in f:
        log(
            f"N = {n:,}: pass {f['pass_s']} s ({f['memories_per_s']:,} memories/s), "
            f"dry run {f['dry_run_s']} s, second pass {f['second_pass_s']} s "
            f"(changed: {f['second_pass_changed']})"
        )
    return {f"n{n}_{k}": v for k, v in f.items()}


async def measure_passes(
    uses: UseCases, repo: Backend, tenant: Tenant, timer: RepoTimer,
    embedder: HashEmbedder, n: int,
    summarised: frozenset[str], f: Figures,
) -> None:  # fmt: skip
    """Dry run, real pass, second real pass; each figure lands in `f` as soon as it exists.
    `summarised`: the normalised entities that had a summary (semantic memory) when seeded."""
    maintenance = uses.maintenance
    f["passes_completed"] = 0
    log("dry-run pass")
    dry = await timed_pass(maintenance, tenant, timer, embedder, dry_run=True)
    f.update(pass_figures("dry_run", dry, n))
    f["passes_completed"] = 1
    log("real pass")
    real = await timed_pass(maintenance, tenant, timer, embedder, dry_run=False)
    f.update(pass_figures("pass", real, n))
    f["passes_completed"] = 2
    f["pass_under_60s"] = real.seconds < TARGET_PASS_S
    f["pass_transitions_detail"] = transitions_text(real.report)
    f["pass_embedded_texts"] = len(real.report.consolidated)
    f["pass_embed_s"] = round(real.embed_seconds, 3)
    for phase, seconds in real.phases.items():
        f[f"phase_{phase}_s"] = round(seconds, 2)
    for name, seconds in sorted(real.repo_seconds.items(), key=lambda kv: -kv[1]):
        f[f"db_{name}_s"] = round(seconds, 2)
        f[f"db_{name}_calls"] = real.repo_calls[name]
    dry_counts, real_counts = report_counts(dry.report), report_counts(real.report)
    f["dry_run_matches_pass"] = (
        dry_counts == real_counts and dry.report.transitions == real.report.transitions
    )
    f["pass_reconsolidated"] = sum(
        normalise_entity(c.entity) in summarised for c in real.report.consolidated
    )
    # Untimed: the state the second pass starts from, to explain any change it makes.
    try:
        between = {m.id: m for m in await repo.all_memories(tenant)}
    except BackendError as e:
        log(f"WARNING: no snapshot before the second pass, so no diagnosis ({e})")
        between = {}
    log("second real pass at the same instant")
    second = await timed_pass(maintenance, tenant, timer, embedder, dry_run=False)
    f.update(pass_figures("second_pass", second, n))
    f["second_pass_changed"] = second.report.changed
    f["passes_completed"] = 3
    if second.report.changed and between:
        after = {m.id: m for m in await repo.all_memories(tenant)}
        f.update(diagnose(real.report, second.report, between, after))
        log(f"second pass changed something: {f['second_pass_diagnosis']}")
    stats = await repo.stats(tenant)
    f["memories_after"] = stats.memories
    f["edges_after"] = sum(stats.edges.values())
    expected = n - len(real.report.forgotten) + len(real.report.consolidated)
    if stats.memories != expected:
        log(f"WARNING: {stats.memories} memories after the pass, expected {expected}")


def diagnose(
    first: MaintenanceReport,
    second: MaintenanceReport,
    between: dict[str, Memory],
    after: dict[str, Memory],
) -> Figures:
    """What the second pass changed, and how it relates to what the first one did."""
    moved = {
        i
        for i, m in between.items()
        if i in after and (after[i].score, after[i].status) != (m.score, m.status)
    }
    sources = {s for c in second.consolidated for s in c.sources}
    promoted = set(first.promoted)
    parts = []
    for c in second.consolidated:
        key = normalise_entity(c.entity)
        summaries = [
            f"{m.id[:8]} {m.status}{' (promoted to core by pass 1)' if m.id in promoted else ''}"
            for m in between.values()
            if m.metadata.get("consolidated_entity") == key
        ]
        parts.append(
            f"re-consolidated {c.entity!r} ({len(c.sources)} sources) although the tenant held "
            f"summaries of it: {', '.join(summaries) or 'none'}"
        )
    parts.append(
        f"{len(moved)} memories got another score or status, {len(moved & sources)} of them "
        "sources of the second pass's consolidations"
    )
    return {
        "second_pass_moved": len(moved),
        "second_pass_moved_sources": len(moved & sources),
        "second_pass_diagnosis": "; ".join(parts),
    }


async def profile_pass(
    n: int, settings: Settings, args: argparse.Namespace, repo: Backend,
    embedder: HashEmbedder,
) -> str:  # fmt: skip
    """A real pass under cProfile, on a second tenant seeded identically (the timed passes
    have already changed the first)."""
    tenant = Tenant(org="bench", project=f"maintain-{n}-profile")
    log("profile: seeding an identical tenant")
    tenancy = generate(n, args.seed, args.entities, args.edge_factor, args.dimension)
    await seed(repo, tenant, tenancy, {})
    del tenancy
    profiler = cProfile.Profile()
    async with compose_use_cases(settings, repo, embedder, tenant, clock=lambda: NOW) as uses:
        t0 = time.perf_counter()
        profiler.enable()
        report = await uses.maintenance.maintain(tenant, progress=lambda m: log(f"  {m}"))
        profiler.disable()
    elapsed = time.perf_counter() - t0
    await repo.drop_tenant(tenant)
    out = io.StringIO()
    out.write(
        f"== N = {n:,}: real pass under cProfile, {elapsed:.2f} s (profiler overhead "
        f"included); {report.summary()}\n\n"
    )
    for order in ("tottime", "cumulative"):
        out.write(f"-- top {args.profile_top} by {order}\n")
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.profile_top)
    return out.getvalue()


# -- report ----------------------------------------------------------------------------------

#: Per-size figure (without the `n<N>_` prefix) → meaning; the table lists them in this order.
DESCRIPTIONS: Final[dict[str, str]] = {
    "pass_s": "real maintenance pass, s",
    "memories_per_s": "memories per second of the real pass",
    "pass_under_60s": f"real pass under the {TARGET_PASS_S:.0f} s target",
    "dry_run_s": "dry-run pass (no writes), s",
    "dry_run_memories_per_s": "",
    "second_pass_s": "second real pass at the same instant, s",
    "second_pass_memories_per_s": "",
    "second_pass_changed": "the second pass changed something (must be false: idempotence)",
    "dry_run_matches_pass": "dry run reported the same counts as the real pass",
    "phase_load_s": "load memories, degrees, stale auto links",
    "phase_evaluate_s": "status FSM evaluation",
    "phase_consolidate_s": "consolidation (extractive summaries)",
    "phase_forget_s": "forgetting sweep to a fixpoint",
    "phase_rescore_write_s": "neighbours, rescoring + promotion, tombstones and all writes",
    "pass_memories": "memories the pass loaded",
    "pass_evaluated": "memories evaluated by the FSM (not evaluated within 24 h)",
    "pass_transitions": "status transitions",
    "pass_transitions_detail": "",
    "pass_rescored": "memories whose score changed",
    "pass_promoted": "promoted to core",
    "pass_awaiting_approval": "core candidates awaiting approval",
    "pass_consolidated": "semantic memories created by consolidation",
    "pass_consolidated_sources": "DERIVED_FROM edges those added",
    "pass_forgotten": "memories forgotten (hard-deleted)",
    "pass_tombstones": "tombstones written (forgotten superseded memories)",
    "pass_reconsolidated": "of those, entities that already had a summary before the pass",
    "pass_embedded_texts": "texts embedded (summaries; real embedder cost excluded)",
    "pass_embed_s": "time in the bench's hash embedder, s",
    "second_pass_evaluated": "",
    "second_pass_rescored": "",
    "second_pass_consolidated": "",
    "second_pass_forgotten": "",
    "second_pass_moved": "memories whose score or status the second pass changed",
    "second_pass_moved_sources": "of those, sources of the second pass's consolidations",
    "second_pass_diagnosis": "",
    "error": "why a pass failed (the figures stop there)",
    "error_in": "the repository call in flight when it failed",
    "passes_completed": "passes completed (dry run, real, second real)",
    "memories": "memories seeded",
    "edges": "edges seeded (distinct)",
    "orphans": "orphans (δ = 0) seeded",
    "kappa_max": "largest causal degree seeded",
    "memories_after": "memories after the passes",
    "edges_after": "edges after the passes",
    "seed_s": "seeding (insert + link + stats), s",
    "insert_memories_per_s": "upsert_memories throughput (vectors included)",
    "link_edges_per_s": "link throughput",
    "generate_s": "generating the synthetic tenant in Python, s",
    "peak_rss_falkordb_mb": "FalkorDB peak RSS (VmHWM), MiB",
    "peak_rss_bench_mb": "bench process peak RSS so far, MiB",
}


def markdown_table(figures: Figures, sizes: Sequence[int]) -> str:
    head = (
        f"Maintenance bench — backend `{figures['backend']}`, commit `{figures['commit']}`, "
        f"{figures['date']}, {figures['cpus']} CPUs, fixed now {figures['now']}; "
        f"embedding cost excluded ({figures['vector_dimension']}-d hash vectors), "
        f"socket timeout {figures['socket_timeout']}"
    )
    columns = ["figure", *(f"N = {n:,}" for n in sizes), "meaning"]
    lines = [head, "", *md_table(columns, "l" + "r" * len(sizes) + "l")]
    keys = list(DESCRIPTIONS)
    for n in sizes:
        prefix = f"n{n}_"
        keys += [k[len(prefix) :] for k in figures if k.startswith(prefix)]
    for key in dict.fromkeys(keys):
        values = [figures.get(f"n{n}_{key}") for n in sizes]
        if all(v is None for v in values):
            continue
        cells = [figure_cell(v) for v in values]
        lines.append(md_row([f"`{key}`", *cells, DESCRIPTIONS.get(key, "")]))
    return "\n".join(lines) + "\n"


# -- entry point -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--entities", type=int, default=2000, help="entity-name pool (default 2000)")
    p.add_argument("--edge-factor", type=float, default=2.0, help="edges per memory (default 2)")
    p.add_argument(
        "--dimension",
        type=int,
        default=DEFAULT_DIMENSION,
        help=f"embedding dimension (default {DEFAULT_DIMENSION}; the local embedder's is 384)",
    )
    add_run_options(p, "maintain", appendfsync="always")
    p.add_argument(
        "--profile", action="store_true", help="also profile a real pass on a re-seeded tenant"
    )
    p.add_argument("--profile-top", type=int, default=40)
    p.add_argument(
        "--socket-timeout",
        type=float,
        default=FalkorConfig().socket_timeout_s,
        help="read timeout of the FalkorDB connections in s (≤ 0: none); default: "
        "FalkorConfig's (%(default)s)",
    )
    args = p.parse_args(argv)
    if args.socket_timeout is not None and args.socket_timeout <= 0:
        args.socket_timeout = None  # FalkorConfig.socket_timeout_s: None waits forever
    if min(args.sizes) < 1000:
        p.error("sizes must be at least 1000")
    if not 1 <= args.entities <= len(FIRST) * len(LAST):
        p.error(f"--entities must be within 1–{len(FIRST) * len(LAST)}")
    return args


async def run(args: argparse.Namespace, data_dir: Path) -> tuple[Figures, str]:
    figures: Figures = {
        "backend": "falkordb",
        "sizes": " ".join(str(n) for n in args.sizes),
        "now": NOW.isoformat(),
        "vector_dimension": args.dimension,
        "entity_pool": args.entities,
        "edge_factor": args.edge_factor,
        "seed": args.seed,
        **client_figures(),
        "appendfsync": args.appendfsync,
        "socket_timeout": "none" if args.socket_timeout is None else args.socket_timeout,
        "redis_py_version": package_version("redis"),
        "target_pass_s": TARGET_PASS_S,
    }
    profiles: list[str] = []
    settings = Settings()
    for n in args.sizes:
        figures.update(await run_size(n, settings, args, data_dir, profiles))
    return figures, "\n".join(profiles)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    with data_directory(args.data_dir, "retentia-maintain-") as data_dir:
        figures, profile = asyncio.run(run(args, data_dir))
    figures.update(run_stamp())
    table = markdown_table(figures, args.sizes)
    extra = {".profile.txt": profile} if profile else None
    write_report(args.out, "maintain-falkordb", figures, table, extra)
    print()
    print(table)


if __name__ == "__main__":
    main()
