"""Fact-layer bench: ingest N facts through `FactService.apply_facts` in batches, a tenth of
them conflicting with an earlier fact of the same slot, then corrupt 1 % of the derived RELATES
edges and time the reconciler's repair, on an embedded FalkorDB.

    python -m bench.facts [--facts 100000] [--batch 500] [--subjects 20000] [--profile]

The workload is people with single-valued slots (works at, lives in, job title, reports to),
multi-valued facts (knows, likes) and obligations with event times; proper-name objects resolve
to entities, so those facts project `Entity-[:RELATES]->Entity` edges. Every input's outcome is
known in advance (inserted, superseded, soft conflict, skipped retry, invalid) and checked.
Writes `<out>/facts-falkordb.json` (a flat object of named figures) and
`<out>/facts-falkordb.md`; with `--profile`, `<out>/facts-falkordb.profile.txt`.
See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final, Literal

from bench.harness.embedders import HashEmbedder
from bench.harness.options import add_run_options
from bench.harness.processes import falkordb_pid, peak_rss_mb, proc_cpu_s, proc_memory_mb
from bench.harness.reports import figure_cell, md_row, md_table, write_report
from bench.harness.run import (
    Figures,
    client_figures,
    data_directory,
    log,
    package_version,
    run_stamp,
)
from bench.harness.stats import percentile
from bench.harness.timing import RepoTimer
from graph_backends import Backend, FalkorConfig, open_backend
from graph_backends._common.records import epoch_us
from graph_backends.falkordb.repository import FalkorRepository
from graph_backends.protocol import GraphRepository
from reconciler import Reconciler, ReconcileReport
from schema import Category, Tenant
from schema.facts import FactOutcome, FactWriter
from service.compose import build_fact_writers
from service.settings import Settings
from service.usecases.facts import FactService

#: The clock when the first batch is written; it moves `BATCH_STEP` per batch, so every
#: supersession happens at a later instant than the fact it closes began.
START: Final = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
BATCH_STEP: Final = timedelta(minutes=1)
#: Obligations fall due this many days after START (uniformly), so none has expired by the
#: time the reconciler runs: every repair it makes is one of the bench's corruptions.
EVENT_DAYS: Final = (30.0, 180.0)
TARGET_FACTS_PER_S: Final = 2000.0
TARGET_RECONCILE_S: Final = 30.0

#: Shares of the inputs (the rest are new facts).
CONFLICT_SHARE: Final = 0.10  # a confident new value for a slot written in an earlier batch
TENTATIVE_SHARE: Final = 0.005  # a hesitant new value (confidence < 0.8): a soft conflict
RETRY_SHARE: Final = 0.005  # an earlier input sent again unchanged: skipped
INVALID_SHARE: Final = 0.001  # rejected by validation: an error result

Kind = Literal["new", "conflict", "tentative", "retry", "invalid"]
EXPECTED: Final[dict[Kind, FactOutcome]] = {
    "new": FactOutcome.INSERTED,
    "conflict": FactOutcome.SUPERSEDED,
    "tentative": FactOutcome.SOFT_CONFLICT,
    "retry": FactOutcome.SKIPPED,
    "invalid": FactOutcome.ERROR,
}
#: Corruption kind → the repair the reconciler should make for it.
CORRUPTIONS: Final = ("deleted", "repointed", "closed")
REPAIR_OF: Final = {"deleted": "created", "repointed": "updated", "closed": "created"}

#: Single-valued predicates (all in `FUNCTIONAL_PREDICATES`): category, object kind.
SLOT_PREDICATES: Final[dict[str, tuple[Category, str]]] = {
    "works at": (Category.PROJECTS_ENDEAVORS, "company"),
    "lives in": (Category.OTHER, "city"),
    "job title": (Category.IDENTITY_SELF_CONCEPT, "title"),
    "reports to": (Category.RELATIONAL_BONDS, "person"),
}
#: Mix of the new facts by predicate ("obligation" stands for the obligation predicates).
NEW_WEIGHTS: Final[dict[str, float]] = {
    "works at": 0.18,
    "lives in": 0.18,
    "job title": 0.10,
    "reports to": 0.08,
    "knows": 0.20,
    "likes": 0.20,
    "obligation": 0.06,
}
OBLIGATION_PREDICATES: Final = ("must renew", "has appointment with", "must pay")

FIRST: Final = (
    "Alice Bruno Chen Dana Emeka Farah Gustavo Hana Ivan Jamal Keiko Lena Mateo Nadia Omar "
    "Priya Quentin Rosa Sven Tomas Uma Viktor Wen Ximena Yusuf Zoe Amara Bjorn Carmen Dmitri "
    "Elif Felix Greta Hiro Ines Jonas Kofi Lucia Marek Noor Oskar Paula Rafael Sana Tariq "
    "Ulla Vera Wim Xavier Yara Anouk Basil Cyra Dario Esme Fintan Gaia Hugo Isla Joaquin"
).split()
LAST: Final = (
    "Okafor Lindqvist Tanaka Moreau Alvarez Kowalski Haddad Nguyen Fischer Rossi Patel Novak "
    "Duarte Ibrahim Larsen Costa Petrov Yamamoto Mensah Schmidt Oliveira Kaur Bianchi Horvath "
    "Mwangi Jensen Ortega Sato Weber Adeyemi Berg Castillo Dubois Eriksen Ferreira Gallo "
    "Hansen Ito Jovanovic Keller Lopez Meyer Nakamura Olsen Pereira Quinn Reyes Silva Torres "
    "Varga Achebe Brandt Cruz Dlamini Esposito Fontaine Grant Holm Iyer Jaramillo"
).split()
COMPANY_HEADS: Final = (
    "Acme Globex Initech Umbrella Northwind Contoso Fabrikam Tailspin Wingtip Litware Adatum "
    "Proseware Lucerne Margie Trey Coho Alpine Fourth Humongous Wide Blue Graphic Southridge "
    "Woodgrove Relecloud Lamna Bellows Datum Nod Consolidated Vandelay Stark Wayne Tyrell "
    "Cyberdyne Soylent Hooli Pied Aviato Massive"
).split()
COMPANY_TAILS: Final = (
    "Robotics Analytics Labs Logistics Foods Energy Media Health Systems Capital Design "
    "Studios Networks Pharma Motors Bank Airlines Insurance Retail Software Textiles Mining "
    "Games Ventures Partners"
).split()
CITIES: Final = (
    "Istanbul;London;Paris;Berlin;Madrid;Rome;Lisbon;Vienna;Prague;Warsaw;Budapest;Athens;"
    "Dublin;Oslo;Stockholm;Helsinki;Copenhagen;Amsterdam;Brussels;Zurich;Geneva;Munich;Hamburg;"
    "Milan;Naples;Barcelona;Valencia;Porto;Lyon;Marseille;Edinburgh;Manchester;New York;"
    "Boston;Chicago;Toronto;Montreal;Vancouver;Seattle;Denver;Austin;Mexico City;Bogota;Lima;"
    "Santiago;Buenos Aires;Sao Paulo;Lagos;Nairobi;Accra;Cairo;Casablanca;Johannesburg;Dubai;"
    "Mumbai;Delhi;Bangalore;Singapore;Jakarta;Manila;Bangkok;Hanoi;Seoul;Tokyo;Osaka;Beijing;"
    "Shanghai;Sydney;Melbourne;Auckland"
).split(";")
TITLES: Final = (
    "data engineer;product manager;nurse;teacher;architect;accountant;chef;pilot;lawyer;"
    "designer;software developer;researcher;electrician;pharmacist;journalist;translator;"
    "sales lead;support engineer;site reliability engineer;analyst;consultant;photographer;"
    "physiotherapist;veterinarian;carpenter;librarian;economist;project lead;recruiter;"
    "operations manager"
).split(";")
LIKES: Final = (
    "green tea;espresso;jazz;hiking;chess;sourdough;cycling;sci-fi novels;board games;"
    "gardening;opera;running;sushi;pottery;birdwatching;podcasts;climbing;yoga;baking;"
    "crosswords;tennis;photography;vinyl records;cooking;swimming;poetry;kayaking;knitting;"
    "astronomy;ramen;dancing;football;painting;camping;documentaries;skiing;origami;"
    "tango;woodworking;travel"
).split(";")
OFFICES: Final = (
    "Passport Office;City Tax Office;Vehicle Registry;Land Registry;Housing Authority;"
    "Pension Fund;Water Board;Health Insurance Office;Consulate General;Immigration Office"
).split(";")

# -- workload --------------------------------------------------------------------------------


@dataclass
class Slot:
    """A (person, single-valued predicate) slot as the generator has filled it."""

    person: int
    predicate: str
    #: Every object ever asserted (a repeat would be a retry, skipped by fingerprint).
    history: set[str] = field(default_factory=set)
    #: Objects of the active facts (the last confident value and hesitant ones after it).
    active: list[str] = field(default_factory=list)


@dataclass
class Workload:
    """Batches of raw inputs (dicts, as the HTTP API passes them) with the outcome each must
    get, and what the store should hold once they are written."""

    batches: list[list[dict[str, Any]]]
    kinds: list[list[Kind]]
    #: RELATES edges open after the ingest: one per key of an active fact with an entity object.
    expected_open_edges: int
    figures: Figures


def person_names(rng: random.Random, count: int) -> list[str]:
    """`count` distinct "First I. Last" names."""
    pool = [f"{first} {chr(65 + i)}. {last}" for first in FIRST for i in range(26) for last in LAST]
    if count > len(pool):
        raise ValueError(f"at most {len(pool)} subjects")
    return rng.sample(pool, count)


def _event_time(rng: random.Random) -> str:
    return (START + timedelta(days=rng.uniform(*EVENT_DAYS))).replace(microsecond=0).isoformat()


def generate(n: int, batch: int, subjects: int, seed: int) -> Workload:
    """N inputs in batches of `batch`, deterministic for a given seed. The first batch holds
    only new facts; conflicts, hesitant values and retries are placed at random after it, and
    each targets a slot (or repeats an input) from an earlier batch, one per slot per batch."""
    rng = random.Random(seed)
    people = person_names(rng, subjects)
    companies = [f"{h} {t}" for h in COMPANY_HEADS for t in COMPANY_TAILS]
    obligation_objects = [*OFFICES, *(f"Dr {last} Clinic" for last in LAST)]
    pools: dict[str, Sequence[str]] = {
        "company": companies,
        "city": CITIES,
        "title": TITLES,
        "person": people,
    }

    kinds: list[Kind] = ["new"] * n
    shares: tuple[tuple[Kind, float], ...] = (
        ("conflict", CONFLICT_SHARE),
        ("tentative", TENTATIVE_SHARE),
        ("retry", RETRY_SHARE),
        ("invalid", INVALID_SHARE),
    )
    special = iter(rng.sample(range(min(batch, n), n), max(0, n - batch)))
    for kind, share in shares:
        for _ in range(round(share * n) if n > batch else 0):
            kinds[next(special)] = kind

    # Each single-valued predicate fills people's slots in its own random order.
    free: dict[str, list[int]] = {p: rng.sample(range(subjects), subjects) for p in SLOT_PREDICATES}
    slots: list[Slot] = []
    triples: set[tuple[int, str, str]] = set()  # multi-valued (person, predicate, object)
    entity_triples = 0  # knows + obligations: one open edge each
    sent: list[dict[str, Any]] = []  # valid inputs of earlier batches (for retries)
    predicates, weights = list(NEW_WEIGHTS), list(NEW_WEIGHTS.values())

    def pick_object(slot: Slot) -> str:
        pool = pools[SLOT_PREDICATES[slot.predicate][1]]
        while True:
            value = rng.choice(pool)
            if value not in slot.history and value != people[slot.person]:
                return value

    def slot_fact(slot: Slot, obj: str, confidence: float) -> dict[str, Any]:
        category = SLOT_PREDICATES[slot.predicate][0]
        slot.history.add(obj)
        return {
            "subject": people[slot.person],
            "predicate": slot.predicate,
            "object": obj,
            "category": str(category),
            "confidence": confidence,
        }

    def new_fact() -> dict[str, Any]:
        nonlocal entity_triples
        while True:
            predicate = rng.choices(predicates, weights)[0]
            if predicate in SLOT_PREDICATES:
                if not free[predicate]:
                    continue  # every person has this slot: draw another predicate
                slot = Slot(free[predicate].pop(), predicate)
                obj = pick_object(slot)
                slot.active.append(obj)
                slots.append(slot)
                return slot_fact(slot, obj, round(rng.uniform(0.8, 1.0), 2))
            person = rng.randrange(subjects)
            extra: dict[str, Any] = {}
            if predicate == "knows":
                obj, category = rng.choice(people), Category.RELATIONAL_BONDS
            elif predicate == "likes":
                obj, category = rng.choice(LIKES), Category.HOBBIES_RECREATION
            else:
                predicate = rng.choice(OBLIGATION_PREDICATES)
                obj, category = rng.choice(obligation_objects), Category.OBLIGATIONS
                extra["event_time"] = _event_time(rng)
            key = (person, predicate, obj)
            if key in triples or obj == people[person]:
                continue
            triples.add(key)
            entity_triples += predicate != "likes"
            return {
                "subject": people[person],
                "predicate": predicate,
                "object": obj,
                "category": str(category),
                "confidence": round(rng.uniform(0.7, 1.0), 2),
                **extra,
            }

    invalid_inputs = (
        {"subject": "", "predicate": "works at", "object": "Acme Labs"},
        {"subject": "Nobody", "predicate": "likes", "object": "tea", "confidence": 1.5},
        {"subject": "Nobody", "predicate": "likes", "object": "???"},
        {"subject": "Nobody", "predicate": "likes", "object": "tea", "colour": "blue"},
    )
    batches: list[list[dict[str, Any]]] = []
    for start in range(0, n, batch):
        eligible = len(slots)  # slots created in earlier batches
        earlier = len(sent)
        touched: set[int] = set()
        out: list[dict[str, Any]] = []
        for kind in kinds[start : start + batch]:
            if kind == "new":
                out.append(new_fact())
            elif kind in ("conflict", "tentative"):
                while True:
                    index = rng.randrange(eligible)
                    if index not in touched:
                        break
                touched.add(index)
                slot = slots[index]
                obj = pick_object(slot)
                if kind == "conflict":
                    slot.active = [obj]
                    out.append(slot_fact(slot, obj, round(rng.uniform(0.95, 1.0), 2)))
                else:
                    slot.active.append(obj)
                    out.append(slot_fact(slot, obj, round(rng.uniform(0.3, 0.6), 2)))
            elif kind == "retry":
                out.append(dict(sent[rng.randrange(earlier)]))
            else:
                out.append(dict(rng.choice(invalid_inputs)))
        sent.extend(
            f for f, k in zip(out, kinds[start : start + batch], strict=True) if k != "invalid"
        )
        batches.append(out)

    entity_slots = sum(len(s.active) for s in slots if SLOT_PREDICATES[s.predicate][1] != "title")
    counts = Counter(kinds)
    figures: Figures = {f"workload_{k}": counts.get(k, 0) for k in EXPECTED}
    figures["workload_slots"] = len(slots)
    figures["workload_multi_valued"] = len(triples)
    figures["workload_obligations"] = sum(p in OBLIGATION_PREDICATES for _, p, _ in triples)
    return Workload(
        batches=batches,
        kinds=[kinds[i : i + batch] for i in range(0, n, batch)],
        expected_open_edges=entity_slots + entity_triples,
        figures=figures,
    )


# -- ingest ----------------------------------------------------------------------------------


class Clock:
    """The service's clock: it moves only when the bench says so."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Cpu:
    """CPU seconds used by the bench process and by FalkorDB (all threads). On a shared machine
    these move far less than wall time; their sum bounds what two idle cores could do, since
    the client and the server take turns."""

    def __init__(self, falkordb: int | None) -> None:
        self._pid = falkordb

    def read(self) -> tuple[float, float | None]:
        return time.process_time(), proc_cpu_s(self._pid) if self._pid else None

    def figures(self, prefix: str, since: tuple[float, float | None]) -> Figures:
        bench, server = self.read()
        f: Figures = {f"{prefix}_cpu_bench_s": round(bench - since[0], 2)}
        if server is not None and since[1] is not None:
            f[f"{prefix}_cpu_falkordb_s"] = round(server - since[1], 2)
        return f


@dataclass
class Ingest:
    seconds: list[float] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    #: (expected, got) → count, for inputs whose outcome was not the one planned.
    mismatches: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)


@asynccontextmanager
async def fact_service(
    settings: Settings, store: Backend, clock: Clock, embedder: HashEmbedder | None
) -> AsyncIterator[FactService]:
    """The fact service alone, as the service composes it (`service.compose`: its engine
    settings, webhook and fault hook), over the bench's clock; the webhook closed on exit."""
    service, _, webhook = build_fact_writers(settings, store, clock, embedder)
    try:
        yield service
    finally:
        if webhook is not None:
            await webhook.aclose()


async def ingest(
    service: FactService, tenant: Tenant, workload: Workload, clock: Clock, log_every: int
) -> Ingest:
    """Every batch through `apply_facts`, one at a time, the clock one step on each time."""
    out = Ingest()
    total = sum(len(b) for b in workload.batches)
    done = 0
    for number, (batch, kinds) in enumerate(
        zip(workload.batches, workload.kinds, strict=True), start=1
    ):
        clock.now += BATCH_STEP
        t0 = time.perf_counter()
        result = await service.apply_facts(tenant, batch, FactWriter.API)
        out.seconds.append(time.perf_counter() - t0)
        for r, kind in zip(result.results, kinds, strict=True):
            out.outcomes[str(r.outcome)] += 1
            if r.outcome is not EXPECTED[kind]:
                out.mismatches[(str(EXPECTED[kind]), str(r.outcome))] += 1
                if len(out.examples) < 5:
                    out.examples.append(f"{batch[r.index]} → {r.outcome} ({r.reason or ''})")
        done += len(batch)
        if number % log_every == 0 or done == total:
            spent = sum(out.seconds)
            log(
                f"ingested {done:>7}/{total}  ({done / spent:7.1f} facts/s, "
                f"last batch {out.seconds[-1] * 1000:6.1f} ms)"
            )
    return out


def ingest_figures(result: Ingest, n: int, timer: RepoTimer) -> Figures:
    spent = sum(result.seconds)
    f: Figures = {
        "ingest_s": round(spent, 2),
        "ingest_facts_per_s": round(n / spent, 1),
        "ingest_target_met": n / spent >= TARGET_FACTS_PER_S,
        "batch_p50_ms": round(percentile(result.seconds, 0.5) * 1000, 1),
        "batch_p95_ms": round(percentile(result.seconds, 0.95) * 1000, 1),
        "batch_max_ms": round(max(result.seconds) * 1000, 1),
        "batch_mean_ms": round(statistics.fmean(result.seconds) * 1000, 1),
    }
    for outcome in FactOutcome:
        f[f"outcome_{outcome}"] = result.outcomes.get(str(outcome), 0)
    f["outcome_mismatches"] = sum(result.mismatches.values())
    if result.mismatches:
        f["outcome_mismatch_detail"] = ", ".join(
            f"{want}→{got} {count}" for (want, got), count in sorted(result.mismatches.items())
        )
        f["outcome_mismatch_examples"] = " | ".join(result.examples)
    for name, seconds in sorted(timer.seconds.items(), key=lambda kv: -kv[1]):
        f[f"ingest_db_{name}_s"] = round(seconds, 2)
        f[f"ingest_db_{name}_calls"] = timer.calls[name]
    f["ingest_service_s"] = round(spent - sum(timer.seconds.values()), 2)
    return f


# -- corruption ------------------------------------------------------------------------------

_OPEN_EDGES: Final = """
MATCH (s:Entity)-[r:RELATES]->(t:Entity)
WHERE r.valid_to IS NULL OR r.valid_to > $now
RETURN s.id, t.id, r.predicate, r.fact_id
"""
_COUNT_OPEN: Final = """
MATCH (:Entity)-[r:RELATES]->(:Entity)
WHERE r.valid_to IS NULL OR r.valid_to > $now
RETURN count(r)
"""
_EDGE: Final = """
UNWIND $rows AS row
MATCH (:Entity {id: row.source})-[r:RELATES]->(:Entity {id: row.target})
WHERE r.predicate = row.predicate AND r.fact_id = row.fact_id
  AND (r.valid_to IS NULL OR r.valid_to > $now)
"""
_CORRUPT: Final = {
    "deleted": _EDGE + "DELETE r RETURN count(*)",
    "repointed": _EDGE + "SET r.fact_id = row.wrong RETURN count(r)",
    "closed": _EDGE + "SET r.valid_to = $past RETURN count(r)",
}


class Graph:
    """The tenant's graph through the FalkorDB client. The bench reaches under the repository
    seam on purpose: corrupting derived edges is what no repository method may do."""

    def __init__(self, repo: GraphRepository, tenant: Tenant) -> None:
        if not isinstance(repo, FalkorRepository):
            raise TypeError(f"corrupting edges needs the FalkorDB repository, not {repo!r}")
        self._graph = repo._db.select_graph(tenant.key)

    async def rows(self, text: str, params: dict[str, Any]) -> list[list[Any]]:
        result = await self._graph.query(text, params)
        return [list(row) for row in result.result_set]

    async def open_edges(self, now: datetime) -> int:
        (row,) = await self.rows(_COUNT_OPEN, {"now": epoch_us(now)})
        return int(row[0])


async def corrupt(graph: Graph, now: datetime, share: float, rng: random.Random) -> dict[str, int]:
    """Corrupt `share` of the RELATES edges open at `now`, a third of each kind: delete them,
    point them at another fact (another edge's, or one that never existed), or close them an
    hour before `now`. Returns how many of each kind changed."""
    edges = await graph.rows(_OPEN_EDGES, {"now": epoch_us(now)})
    chosen = rng.sample(edges, max(len(CORRUPTIONS), round(share * len(edges))))
    done: dict[str, int] = {}
    for k, kind in enumerate(CORRUPTIONS):
        rows: list[dict[str, Any]] = []
        for source, target, predicate, fact_id in chosen[k :: len(CORRUPTIONS)]:
            row = {"source": source, "target": target, "predicate": predicate, "fact_id": fact_id}
            if kind == "repointed":
                other = rng.choice(edges)[3]
                lost = other == fact_id or rng.random() < 0.5
                row["wrong"] = (
                    f"00000000-0000-4000-8000-{rng.getrandbits(48):012x}" if lost else other
                )
            rows.append(row)
        params: dict[str, Any] = {
            "rows": rows,
            "now": epoch_us(now),
            "past": epoch_us(now - timedelta(hours=1)),
        }
        (changed,) = await graph.rows(_CORRUPT[kind], params)
        done[kind] = int(changed[0])
        if done[kind] != len(rows):
            raise RuntimeError(f"{kind}: {done[kind]} edges changed, {len(rows)} chosen")
    return done


# -- reconciler ------------------------------------------------------------------------------


@dataclass
class Pass:
    report: ReconcileReport
    seconds: float
    repo_seconds: dict[str, float]
    repo_calls: dict[str, int]
    cpu: Figures


async def timed_reconcile(
    reconciler: Reconciler, tenant: Tenant, timer: RepoTimer, cpu: Cpu, *, dry_run: bool = False
) -> Pass:
    timer.reset()
    used = cpu.read()
    t0 = time.perf_counter()
    report = await reconciler.reconcile(tenant, dry_run=dry_run)
    elapsed = time.perf_counter() - t0
    if report.result != ("dry_run" if dry_run else "applied"):
        raise RuntimeError(f"reconciler pass ended {report.result}")
    if dry_run:
        log(f"  dry run: {elapsed:.2f} s, planned {report.planned}")
    else:
        log(
            f"  pass: {elapsed:.2f} s, planned {report.planned}, created {report.edges_created}, "
            f"updated {report.edges_updated}, expired {report.edges_expired}, "
            f"facts expired {report.facts_expired}"
        )
    return Pass(report, elapsed, dict(timer.seconds), dict(timer.calls), cpu.figures("", used))


def pass_figures(prefix: str, p: Pass, *, detail: bool = False) -> Figures:
    """Time and counts of a pass. A dry run's report counts every planned upsert as created
    (it cannot tell a repoint from a creation without writing), so only `planned` is kept."""
    r = p.report
    f: Figures = {f"{prefix}_s": round(p.seconds, 2), f"{prefix}_planned": r.planned}
    if r.result != "dry_run":
        f[f"{prefix}_repairs"] = r.repairs
        f[f"{prefix}_created"] = r.edges_created
        f[f"{prefix}_updated"] = r.edges_updated
        f[f"{prefix}_expired"] = r.edges_expired
        f[f"{prefix}_facts_expired"] = r.facts_expired
    if detail:
        f.update({f"{prefix}{k}": v for k, v in p.cpu.items()})
        f[f"{prefix}_batches"] = r.batches
        for name, seconds in sorted(p.repo_seconds.items(), key=lambda kv: -kv[1]):
            f[f"{prefix}_db_{name}_s"] = round(seconds, 2)
            f[f"{prefix}_db_{name}_calls"] = p.repo_calls[name]
        f[f"{prefix}_plan_s"] = round(p.seconds - sum(p.repo_seconds.values()), 2)
    return f


async def reconcile_all(
    repo: GraphRepository, store: Backend, tenant: Tenant, now: datetime,
    corrupt_share: float, seed: int, cpu: Cpu,
) -> Figures:  # fmt: skip
    """A dry run on the intact graph (must plan nothing), the corruption, a dry run, the
    timed pass, a second pass (must repair nothing); the edges open after must be those before."""
    graph = Graph(repo, tenant)
    timer = RepoTimer(store)
    reconciler = Reconciler(store, lambda: now, owner="bench")
    f: Figures = {}
    log("reconciler dry run on the intact graph")
    clean = await timed_reconcile(reconciler, tenant, timer, cpu, dry_run=True)
    f.update(pass_figures("clean_dry_run", clean))
    before = await graph.open_edges(now)
    log(f"corrupting {corrupt_share:.1%} of {before} open RELATES edges")
    done = await corrupt(graph, now, corrupt_share, random.Random(seed + 1))
    f.update({f"corrupted_{k}": v for k, v in done.items()})
    f["corrupted"] = sum(done.values())
    log("  " + ", ".join(f"{k} {v}" for k, v in done.items()))
    log("reconciler dry run")
    dry = await timed_reconcile(reconciler, tenant, timer, cpu, dry_run=True)
    f.update(pass_figures("dry_run", dry))
    log("reconciler pass")
    real = await timed_reconcile(reconciler, tenant, timer, cpu)
    f.update(pass_figures("reconcile", real, detail=True))
    f["reconcile_target_met"] = real.seconds < TARGET_RECONCILE_S
    expected = Counter[str]()
    for kind, count in done.items():
        expected[REPAIR_OF[kind]] += count
    got = {
        "created": real.report.edges_created,
        "updated": real.report.edges_updated,
        "expired": real.report.edges_expired,
    }
    f["repairs_expected_created"] = expected["created"]
    f["repairs_expected_updated"] = expected["updated"]
    f["repairs_match_corruptions"] = got == {k: expected[k] for k in got} and (
        real.report.facts_expired == 0
    )
    f["dry_run_matches_pass"] = dry.report.planned == real.report.planned
    log("second reconciler pass")
    second = await timed_reconcile(reconciler, tenant, timer, cpu)
    f.update(pass_figures("second_pass", second))
    f["open_edges_after"] = await graph.open_edges(now)
    f["open_edges_restored"] = f["open_edges_after"] == before
    f["open_edges_before_corruption"] = before
    return f


# -- profile ---------------------------------------------------------------------------------


def profile_text(title: str, profiler: cProfile.Profile, top: int) -> str:
    out = io.StringIO()
    out.write(f"== {title}\n\n")
    for order in ("tottime", "cumulative"):
        out.write(f"-- top {top} by {order}\n")
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(top)
    return out.getvalue()


async def profile_runs(
    repo: Backend, tenant: Tenant, workload: Workload, now: datetime,
    settings: Settings, args: argparse.Namespace, embedder: HashEmbedder | None,
) -> str:  # fmt: skip
    """The first `--profile-facts` inputs ingested again under cProfile (on a second tenant),
    and a reconciler pass under cProfile after corrupting the measured tenant again."""
    store = repo
    texts = []
    batches = max(1, args.profile_facts // args.batch)
    prefix = Workload(workload.batches[:batches], workload.kinds[:batches], 0, {})
    n = sum(len(b) for b in prefix.batches)
    other = Tenant(org="bench", project=f"facts-{args.facts}-profile")
    await repo.drop_tenant(other)
    clock = Clock(START)
    log(f"profile: ingesting {n} facts under cProfile")
    profiler = cProfile.Profile()
    async with fact_service(settings, store, clock, embedder) as service:
        t0 = time.perf_counter()
        profiler.enable()
        await ingest(service, other, prefix, clock, log_every=10**9)
        profiler.disable()
    seconds = time.perf_counter() - t0
    texts.append(
        profile_text(
            f"ingest of {n} facts under cProfile: {seconds:.2f} s", profiler, args.profile_top
        )
    )
    await repo.drop_tenant(other)

    graph = Graph(repo, tenant)
    done = await corrupt(graph, now, args.corrupt_share, random.Random(args.seed + 2))
    log(f"profile: reconciler pass under cProfile ({sum(done.values())} corruptions)")
    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    profiler.enable()
    report = await Reconciler(store, lambda: now, owner="bench").reconcile(tenant)
    profiler.disable()
    seconds = time.perf_counter() - t0
    texts.append(
        profile_text(
            f"reconciler pass under cProfile: {seconds:.2f} s, {report.repairs} repairs",
            profiler,
            args.profile_top,
        )
    )
    return "\n".join(texts)


# -- report ----------------------------------------------------------------------------------

#: Figure → meaning; the table lists them in this order, then any others.
DESCRIPTIONS: Final[dict[str, str]] = {
    "facts": "inputs sent to apply_facts",
    "ingest_facts_per_s": "inputs per second spent inside apply_facts",
    "ingest_target_met": f"ingest at ≥ {TARGET_FACTS_PER_S:,.0f} facts/s",
    "reconcile_s": "reconciler pass over the corrupted tenant, s",
    "reconcile_target_met": f"reconciler pass under {TARGET_RECONCILE_S:.0f} s",
    "repairs_match_corruptions": "repairs by kind equal the corruptions (no other change)",
    "second_pass_repairs": "repairs of a second pass (must be 0: idempotence)",
    "dry_run_s": "dry-run pass over the corrupted tenant (plans, writes nothing), s",
    "dry_run_matches_pass": "the dry run planned as many steps as the pass made",
    "ingest_facts_per_cpu_s": "inputs per CPU-second of bench + FalkorDB during the ingest "
    "(what two idle cores could sustain at best)",
    "ingest_cpu_bench_s": "CPU seconds of the bench process during the ingest",
    "ingest_cpu_falkordb_s": "CPU seconds of FalkorDB during the ingest",
    "reconcile_cpu_bench_s": "CPU seconds of the bench process during the pass",
    "reconcile_cpu_falkordb_s": "CPU seconds of FalkorDB during the pass",
    "ingest_s": "time inside apply_facts, s",
    "batch_p50_ms": "apply_facts latency per batch, median",
    "batch_p95_ms": "apply_facts latency per batch, 95th percentile",
    "batch_max_ms": "",
    "batch_mean_ms": "",
    "outcome_inserted": "inputs inserted (new facts)",
    "outcome_superseded": "inputs that superseded an active fact (the conflicts)",
    "outcome_soft_conflict": "inputs written beside an active fact (hesitant values)",
    "outcome_skipped": "inputs skipped (retries)",
    "outcome_error": "inputs rejected (invalid)",
    "outcome_mismatches": "inputs whose outcome was not the planned one (must be 0)",
    "outcome_mismatch_detail": "planned→got count",
    "outcome_mismatch_examples": "",
    "workload_new": "planned: new facts",
    "workload_conflict": "planned: confident new value for a slot from an earlier batch",
    "workload_tentative": "planned: hesitant new value (confidence < 0.8)",
    "workload_retry": "planned: an earlier input sent again",
    "workload_invalid": "planned: invalid input",
    "workload_slots": "single-valued slots filled",
    "workload_multi_valued": "multi-valued facts (knows, likes, obligations)",
    "workload_obligations": "obligations (event time 30–180 days ahead)",
    "open_edges_expected": "RELATES keys the active facts project",
    "open_edges_before_corruption": "RELATES edges open after the ingest",
    "corrupted": "edges corrupted",
    "corrupted_deleted": "deleted (repair: created)",
    "corrupted_repointed": "fact_id changed to another fact's or an unknown id (repair: updated)",
    "corrupted_closed": "valid_to set an hour in the past (repair: a new edge, created)",
    "clean_dry_run_s": "dry run on the intact graph, s",
    "clean_dry_run_planned": "steps it planned (must be 0: the write path projected right)",
    "dry_run_planned": "steps the dry run planned",
    "reconcile_planned": "steps the pass planned",
    "reconcile_repairs": "edges the pass repaired",
    "reconcile_created": "",
    "reconcile_updated": "",
    "reconcile_expired": "",
    "reconcile_facts_expired": "facts the pass expired (0: no obligation has ended)",
    "repairs_expected_created": "corruptions repaired by creating an edge",
    "repairs_expected_updated": "corruptions repaired by repointing an edge",
    "reconcile_batches": "write batches of the pass",
    "reconcile_plan_s": "pass time outside the repository (diff, lease, models), s",
    "second_pass_s": "second pass, s",
    "open_edges_after": "RELATES edges open after the passes",
    "open_edges_restored": "as many open as before the corruption",
    "ingest_service_s": "ingest time outside the repository (validation, planning), s",
    "fact_vectors": "dimension of the facts' hash vectors (0: no embedder, as the app builds it)",
    "ingest_embed_s": "time in the bench's hash embedder, s (a real model's cost excluded)",
    "load_avg_start": "1-minute load average when the bench started (other work on the CPUs)",
    "load_avg_end": "… and when it ended",
}


def markdown_table(figures: Figures) -> str:
    head = (
        f"Fact-layer bench — backend `{figures['backend']}`, commit `{figures['commit']}`, "
        f"{figures['date']}, {figures['cpus']} CPUs, {figures['facts']:,} inputs in batches of "
        f"{figures['batch']}, {figures['subjects']:,} subjects, appendfsync "
        f"{figures['appendfsync']}, RESP parser {figures['redis_parser']}, 1-minute load "
        f"{figures['load_avg_start']} at the start and {figures['load_avg_end']} at the end"
    )
    lines = [head, "", *md_table("figure | value | meaning", "lrl")]
    for key in dict.fromkeys([*DESCRIPTIONS, *figures]):
        if key in figures:
            lines.append(md_row([f"`{key}`", figure_cell(figures[key]), DESCRIPTIONS.get(key, "")]))
    return "\n".join(lines) + "\n"


# -- entry point -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--facts", type=int, default=100_000, help="inputs to ingest (default 100000)")
    p.add_argument("--batch", type=int, default=500, help="inputs per apply_facts call")
    p.add_argument("--subjects", type=int, default=20_000, help="people (default 20000)")
    p.add_argument(
        "--corrupt-share", type=float, default=0.01, help="share of open edges corrupted"
    )
    p.add_argument(
        "--fact-vectors",
        type=int,
        default=0,
        metavar="D",
        help="give FactService a hash embedder of dimension D, so every fact also writes a "
        "vector (default 0: no embedder, so no fact vectors; the service embeds facts with its "
        "embedder)",
    )
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--log-every", type=int, default=20, help="progress every N batches")
    add_run_options(p, "facts", appendfsync="always")
    p.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    p.add_argument(
        "--profile", action="store_true", help="also profile an ingest and a reconciler pass"
    )
    p.add_argument("--profile-facts", type=int, default=20_000, help="inputs ingested profiled")
    p.add_argument("--profile-top", type=int, default=40)
    args = p.parse_args(argv)
    if not 1 <= args.batch <= 1000:
        p.error("--batch must be within 1–1000 (apply_facts takes at most 1000)")
    if args.facts < 2 * args.batch:
        p.error("--facts must be at least two batches (conflicts target earlier batches)")
    if not 100 <= args.subjects <= len(FIRST) * 26 * len(LAST):
        p.error(f"--subjects must be within 100–{len(FIRST) * 26 * len(LAST)}")
    if not 0 <= args.fact_vectors <= 4096:
        p.error("--fact-vectors must be within 0–4096")
    if not 0 < args.corrupt_share <= 0.3:
        p.error("--corrupt-share must be within (0, 0.3]")
    return args


async def run(args: argparse.Namespace, data_dir: Path) -> tuple[Figures, str]:
    f: Figures = {
        "backend": "falkordb",
        "facts": args.facts,
        "batch": args.batch,
        "subjects": args.subjects,
        "corrupt_share": args.corrupt_share,
        "seed": args.seed,
        "fact_vectors": args.fact_vectors,
        **client_figures(),
        "appendfsync": args.appendfsync,
        "redis_py_version": package_version("redis"),
        "target_facts_per_s": TARGET_FACTS_PER_S,
        "target_reconcile_s": TARGET_RECONCILE_S,
        # Other work on the machine moves every figure; the 1-minute load, start and end.
        "load_avg_start": round(os.getloadavg()[0], 2),
    }
    log(f"generating {args.facts:,} inputs over {args.subjects:,} subjects")
    t0 = time.perf_counter()
    workload = generate(args.facts, args.batch, args.subjects, args.seed)
    f["generate_s"] = round(time.perf_counter() - t0, 1)
    f.update(workload.figures)
    f["open_edges_expected"] = workload.expected_open_edges
    log(
        f"generated in {f['generate_s']} s: "
        + ", ".join(f"{k} {f[f'workload_{k}']}" for k in EXPECTED)
    )
    tenant = Tenant(org="bench", project=f"facts-{args.facts}")
    embedder = HashEmbedder(args.fact_vectors) if args.fact_vectors else None
    settings = Settings()
    config = FalkorConfig(
        data_dir=data_dir / "falkordb",
        appendfsync=args.appendfsync,
        startup_timeout_s=600,
        vector_dimension=args.fact_vectors or FalkorConfig().vector_dimension,
    )
    profile = ""
    async with open_backend(config) as repo:
        await repo.drop_tenant(tenant)
        store = repo
        await store.ensure_fact_schema(tenant)
        clock = Clock(START)
        timer = RepoTimer(store)
        async with fact_service(settings, store, clock, embedder) as service:
            cpu = Cpu(falkordb_pid(config.data_dir))
            log(f"ingesting in batches of {args.batch}")
            used = cpu.read()
            result = await ingest(service, tenant, workload, clock, args.log_every)
            f.update(cpu.figures("ingest", used))
            f.update(ingest_figures(result, args.facts, timer))
            if "ingest_cpu_falkordb_s" in f:
                total = f["ingest_cpu_bench_s"] + f["ingest_cpu_falkordb_s"]
                f["ingest_facts_per_cpu_s"] = round(args.facts / total, 1)
            if embedder is not None:
                f["ingest_embed_s"] = round(embedder.seconds, 2)
                f["ingest_service_s"] = round(f["ingest_service_s"] - embedder.seconds, 2)
        timer.restore()
        log(
            f"ingest: {f['ingest_facts_per_s']:,} facts/s, batch p50 {f['batch_p50_ms']} ms, "
            f"p95 {f['batch_p95_ms']} ms; "
            + ", ".join(f"{o} {f[f'outcome_{o}']}" for o in FactOutcome)
            + f"; mismatches {f['outcome_mismatches']}"
        )
        now = clock.now + BATCH_STEP
        f["reconcile_now"] = now.isoformat()
        f.update(await reconcile_all(repo, store, tenant, now, args.corrupt_share, args.seed, cpu))
        pid = falkordb_pid(config.data_dir)
        peak = proc_memory_mb(pid).get("VmHWM") if pid else None
        f["peak_rss_falkordb_mb"] = round(peak, 1) if peak is not None else None
        if args.profile:
            profile = await profile_runs(repo, tenant, workload, now, settings, args, embedder)
        await repo.drop_tenant(tenant)
    f["peak_rss_bench_mb"] = round(peak_rss_mb(), 1)
    f["load_avg_end"] = round(os.getloadavg()[0], 2)
    checks = {
        "outcome_mismatches": f["outcome_mismatches"] == 0,
        "open_edges_expected": f["open_edges_before_corruption"] == f["open_edges_expected"],
        "clean_dry_run_planned": f["clean_dry_run_planned"] == 0,
        "repairs_match_corruptions": f["repairs_match_corruptions"],
        "second_pass_repairs": f["second_pass_repairs"] == 0 and f["second_pass_planned"] == 0,
        "open_edges_restored": f["open_edges_restored"],
    }
    f["checks_failed"] = " ".join(k for k, ok in checks.items() if not ok) or "none"
    return f, profile


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    with data_directory(args.data_dir, "retentia-facts-", keep=args.keep) as data_dir:
        figures, profile = asyncio.run(run(args, data_dir))
    figures.update(run_stamp())
    table = markdown_table(figures)
    extra = {".profile.txt": profile} if profile else None
    write_report(args.out, "facts-falkordb", figures, table, extra)
    print()
    print(table)
    if figures["checks_failed"] != "none":
        log(f"FAILED checks: {figures['checks_failed']}")
        sys.exit(1)


if __name__ == "__main__":
    main()
