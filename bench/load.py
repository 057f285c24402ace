"""Load bench: mixed GraphQL traffic over loopback against `retentia serve --dev` on the embedded
FalkorDB, at increasing concurrency, against a tenant of 10,000 memories.

    python -m bench.load [--memories 10000] [--levels 1,2,4,8,16,32] [--duration 60]

The mix: 70 % recall (k=10, reactivating its hits, as an agent calls it), 20 % store (one new
memory, auto-linked and classified), 5 % explain (no query) and 5 % traverse (depth 2) of seeded
memories. Every recall query is a text the run has not sent before (question templates over the
seeded entities, or a window of a seeded memory's words), so the embedding cache never answers
a recall: the query's embedding is paid on every request. `--repeat-share` makes a share of
the recalls repeat earlier queries instead.

A closed loop per level: `c` workers, each sending its next request when the previous one is
answered (asyncio, one keep-alive connection per worker: `bench/harness/http_client.py`), after
`--warmup` seconds that are not recorded. Per level: requests/s, p50/p95/p99 of the client-side
latency overall and per operation, errors (HTTP status, GraphQL errors, or an error result), the
service's mean server-side time per operation (its own histogram), and where the CPU went: the
embedder's busy seconds (`retentia_embedding_seconds`), the service (its process and its
workers, from /proc), the FalkorDB process and this generator. Writes `<out>/load.json` and
`load.md`; with `--profile`, one more level runs with the service under cProfile and
`load.profile.txt` says where the event loop's time went, by package and by function. With
`--against CHECKOUT`, it compares instead: the service of this checkout and of CHECKOUT,
alternately, `--pairs` times each, every run on a fresh copy of the seeded tenant with the same
requests; `--against-env NAME=VALUE` sets a variable for the against side's service only, and
without `--against` that side is this checkout (`--against-env RETENTIA_ENGINE__CASCADE_HOPS=1`
compares that setting with the default). See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import io
import json
import os
import pstats
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean
from typing import Any, Final, cast

import httpx

from bench.harness.http_client import Connection, HttpError, Response
from bench.harness.options import add_out
from bench.harness.processes import falkordb_pid, proc_cpu_s, tree_cpu_s
from bench.harness.reports import md_cell, md_row, md_table, write_report
from bench.harness.run import (
    REPO_ROOT,
    Figures,
    client_figures,
    data_directory,
    log,
    run_stamp,
)
from bench.harness.stats import percentile
from bench.harness.synthetic import (
    SyntheticMemory,
    build_memory,
    generate_edges,
    generate_memories,
)
from bench.harness.timing import reference_loop_ms
from graph_backends import Backend, open_backend
from schema import Tenant
from service.adapters.embedding import Embedder
from service.compose import UseCases, compose_use_cases, open_composed
from service.settings import Settings

TENANT: Final = Tenant(org="bench", project="load")
HEADERS: Final = {"X-Retentia-Org": TENANT.org, "X-Retentia-Project": TENANT.project}
MIX: Final = {"recall": 0.70, "store": 0.20, "explain": 0.05, "traverse": 0.05}
SEED_BATCH: Final = 500
LINK_BATCH: Final = 1000

RECALL: Final = """query Recall($q: String!) { recall(query: $q, k: 10) { __typename
  ... on Recall { degraded hits { id score summary memory { content } } }
  ... on InvalidInput { message } ... on RecallUnavailable { message } } }"""
STORE: Final = """mutation Store($input: StoreMemoryInput!) { storeMemory(input: $input) {
  __typename ... on StoreSuccess { memory { id status category } autoLinks { target } }
  ... on InvalidInput { message } ... on NotFound { message } } }"""
EXPLAIN: Final = """query Explain($id: ID!) { explain(id: $id) { __typename
  ... on Explanation { score nextTransition forces { name value } }
  ... on NotFound { message } ... on InvalidInput { message } } }"""
TRAVERSE: Final = """query Traverse($id: ID!) { traverse(id: $id, depth: 2) { __typename
  ... on Subgraph { nodes { id } edges { source target type } }
  ... on NotFound { message } ... on InvalidInput { message } } }"""
#: The result type each operation answers with when it worked.
SUCCESS: Final = {
    "recall": "Recall",
    "store": "StoreSuccess",
    "explain": "Explanation",
    "traverse": "Subgraph",
}
QUESTIONS: Final = (
    "what do we know about {a}",
    "what happened with {a} and {b}",
    "when did {a} last come up",
    "anything about {a} in {month}",
    "who worked with {a} on {b}",
    "what did {a} decide about {b}",
    "is {a} still involved with {b}",
    "remind me what {a} said about {b}",
)
MONTHS: Final = (
    "January February March April May June July August September October November December"
).split()


# -- seeding ---------------------------------------------------------------------------------


async def compact_append_only_file(repository: Any) -> None:
    """Rewrite FalkorDB's append-only file after the bulk load, so every run starts from the
    same files: whether redis had rewritten it on its own depended on timing. (Replaying the
    seeding's batch queries once took more than the service's 120 s start-up wait; writes are
    logged as their effects now, see bench/methods.md.)"""
    connection = repository._db.connection
    await connection.execute_command("BGREWRITEAOF")
    while True:
        info = await connection.info("persistence")
        if not info.get("aof_rewrite_in_progress") and not info.get("aof_rewrite_scheduled"):
            return
        await asyncio.sleep(0.2)


async def seed(data_dir: Path, n: int, seed_value: int) -> Figures:
    """N synthetic memories and 2N typed edges (`bench.harness.synthetic`) written straight
    through the repository into `data_dir`, with the embedder and the backend the service
    opens on it (`service.compose`); skipped when the directory already holds them."""
    marker = data_dir / f"seeded-{n}-{seed_value}.json"
    if marker.exists():
        log(f"tenant already seeded ({marker.name})")
        loaded: Figures = json.loads(marker.read_text())
        return loaded
    memories = generate_memories(n, seed_value)
    edges = generate_edges(memories, 2 * n, seed_value + 1)
    # The service's settings on this directory (`start_service` runs it on the embedded
    # FalkorDB), with up to two torch threads: nothing else runs while the tenant is seeded.
    settings = Settings(
        data_dir=data_dir, backend="falkordb", torch_threads=min(2, os.cpu_count() or 1)
    )
    async with open_composed(settings, TENANT) as composed:
        embedder = composed.internals.memories.embedder
        repository = composed.internals.memories.repository
        t0 = time.perf_counter()
        vectors = []
        for start in range(0, n, 256):
            vectors += await embedder.embed([m.text for m in memories[start : start + 256]])
            if (start // 256) % 8 == 0:
                log(f"embedded {start + 256:>6}/{n}")
        embed_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        rows = [build_memory(m, v) for m, v in zip(memories, vectors, strict=True)]
        for start in range(0, n, SEED_BATCH):
            await repository.upsert_memories(TENANT, rows[start : start + SEED_BATCH])
        # One edge type per call: a call with several types is one MULTI/EXEC, and replaying
        # a long MULTI/EXEC from the append-only file while the supervisor PINGs crashed
        # FalkorDB on the service's start (redis asserts !in_exec; see bench/methods.md).
        by_type = sorted(edges, key=lambda e: e.type)
        for start in range(0, len(by_type), LINK_BATCH):
            batch = by_type[start : start + LINK_BATCH]
            for edge_type in dict.fromkeys(e.type for e in batch):
                await repository.link(TENANT, [e for e in batch if e.type is edge_type])
        stats = await repository.stats(TENANT)
        await compact_append_only_file(repository)
    figures: Figures = {
        "seed_memories": stats.memories,
        "seed_edges": sum(stats.edges.values()),
        "seed_embed_s": round(embed_s, 1),
        "seed_write_s": round(time.perf_counter() - t0, 1),
    }
    marker.write_text(json.dumps(figures))
    log(f"seeded {figures}")
    return figures


# -- the service -----------------------------------------------------------------------------


@dataclass
class Service:
    process: subprocess.Popen[bytes]
    url: str
    data_dir: Path
    #: `reference_loop_ms()` just before the service started (nothing of the bench running).
    reference_loop_ms: float

    def falkordb_pid(self) -> int | None:
        return falkordb_pid(self.data_dir / "falkordb")

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=120)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: `retentia serve --dev` with cProfile on the main thread (the event loop). uvicorn re-raises
#: SIGTERM after its graceful shutdown with the handler it found restored: this one writes
#: the profile (`python -m cProfile` never gets to).
_PROFILED: Final = """
import cProfile, signal, sys
from service.cli import main
profile = cProfile.Profile()
def done(*_):
    profile.disable()
    profile.dump_stats(sys.argv[1])
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
profile.enable()
main(["serve", "--dev"])
"""


def start_service(
    data_dir: Path,
    cwd: Path,
    profile: Path | None = None,
    extra_env: Mapping[str, str] | None = None,
) -> Service:
    core = reference_loop_ms()
    port = free_port()
    env = {
        **os.environ,
        **(extra_env or {}),
        "RETENTIA_DATA_DIR": str(data_dir),
        "RETENTIA_PORT": str(port),
        "HF_HUB_OFFLINE": "1",
    }
    env.pop("RETENTIA_BACKEND", None)
    command = [sys.executable, "-m", "service.cli", "serve", "--dev"]
    if profile is not None:
        command = [sys.executable, "-c", _PROFILED, str(profile)]
    logfile = (data_dir / "service.log").open("ab")
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=logfile, stderr=logfile)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the service exited early; see {data_dir / 'service.log'}")
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return Service(process, url, data_dir, core)
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    process.kill()
    raise RuntimeError("the service was not ready in 300 s")


_SAMPLE: Final = re.compile(r"^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$")


def scrape(url: str) -> dict[str, float]:
    """The service's metrics: `name{labels}` → value."""
    text = httpx.get(f"{url}/metrics", timeout=30).text
    out: dict[str, float] = {}
    for line in text.splitlines():
        match = _SAMPLE.match(line)
        if match:
            out[match.group(1) + (match.group(2) or "")] = float(match.group(3))
    return out


def metric_sum(sample: dict[str, float], name: str, **labels: str) -> float:
    wanted = [f'{k}="{v}"' for k, v in labels.items()]
    return sum(
        v
        for key, v in sample.items()
        if key.split("{")[0] == name and all(w in key for w in wanted)
    )


def proc_cpu(pid: int | None) -> float:
    """User + system CPU seconds of a process so far (0 when unreadable)."""
    return (proc_cpu_s(pid) or 0.0) if pid is not None else 0.0


def thread_times(pid: int | None) -> dict[str, tuple[float, float]]:
    """Per thread of a process (`<tid> <name>`): seconds on a CPU and seconds runnable but
    waiting for one, so far (`/proc/<pid>/task/<tid>/schedstat`; empty when unreadable)."""
    if pid is None:
        return {}
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return {}
    times = {}
    for task in tasks:
        try:
            name = (task / "comm").read_text().strip()
            run_ns, wait_ns, _ = (task / "schedstat").read_text().split()
        except (OSError, ValueError):
            continue  # the thread ended, or the kernel keeps no schedstats
        times[f"{task.name} {name}"] = (int(run_ns) / 1e9, int(wait_ns) / 1e9)
    return times


def busiest_thread(
    pid: int | None,
    before: dict[str, tuple[float, float]],
    after: dict[str, tuple[float, float]],
    seconds: float,
) -> Figures | None:
    """The thread that spent the largest share of `seconds` on a CPU between two
    `thread_times` of process `pid`: its id and name (`main` for the process's first thread,
    the service's event loop), that share, and the share it spent waiting for a CPU."""
    grown = {
        key: (run - before.get(key, (0.0, 0.0))[0], wait - before.get(key, (0.0, 0.0))[1])
        for key, (run, wait) in after.items()
    }
    if not grown or seconds <= 0:
        return None
    key, (run, wait) = max(grown.items(), key=lambda kv: kv[1][0])
    tid, _, name = key.partition(" ")
    return {
        "tid": int(tid),
        "thread": "main" if int(tid) == pid else name,
        "on_cpu": round(run / seconds, 3),
        "waiting_for_cpu": round(wait / seconds, 3),
    }


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load_average() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


# -- traffic ---------------------------------------------------------------------------------


class Traffic:
    """Request bodies: unique recall queries, new memories to store, seeded ids to explain and
    traverse."""

    def __init__(self, seeded: Sequence[SyntheticMemory], seed_value: int, repeat_share: float):
        self._rng = random.Random(seed_value)
        self._seeded = seeded
        self._entities = sorted({e for m in seeded for e in m.entities})
        self._sent: list[str] = []
        self._seen: set[str] = set()
        self._repeat_share = repeat_share
        self._new = iter(generate_memories(50_000, seed_value + 1000))
        self._seeded_texts = {m.text for m in seeded}

    def op(self) -> str:
        return self._rng.choices(list(MIX), weights=list(MIX.values()))[0]

    def query(self) -> str:
        rng = self._rng
        if self._sent and rng.random() < self._repeat_share:
            return rng.choice(self._sent)
        while True:
            if rng.random() < 0.5:
                template = rng.choice(QUESTIONS)
                a, b = rng.sample(self._entities, 2)
                text = template.format(a=a, b=b, month=rng.choice(MONTHS))
            else:
                words = rng.choice(self._seeded).text.split()
                size = rng.randint(4, min(9, len(words)))
                start = rng.randrange(0, len(words) - size + 1)
                text = " ".join(words[start : start + size])
            if text not in self._seen:
                self._seen.add(text)
                self._sent.append(text)
                return text

    def memory(self) -> dict[str, Any]:
        for m in self._new:
            if m.text not in self._seeded_texts:
                return {"content": m.text, "entities": list(m.entities), "sourceSession": "load"}
        raise RuntimeError("ran out of new memory texts")

    def seeded_id(self) -> str:
        return self._rng.choice(self._seeded).id

    def body(self, op: str) -> dict[str, Any]:
        if op == "recall":
            return {"query": RECALL, "variables": {"q": self.query()}}
        if op == "store":
            return {"query": STORE, "variables": {"input": self.memory()}}
        document = EXPLAIN if op == "explain" else TRAVERSE
        return {"query": document, "variables": {"id": self.seeded_id()}}


@dataclass
class Sample:
    op: str
    seconds: float
    error: str | None


@dataclass
class Level:
    concurrency: int
    seconds: float = 0.0
    samples: list[Sample] = field(default_factory=list)


def result_error(op: str, response: Response) -> str | None:
    if response.status_code != 200:
        return f"HTTP {response.status_code}"
    body = response.json()
    if body.get("errors"):
        return "GraphQL: " + str(body["errors"][0].get("message"))[:200]
    data = next(iter((body.get("data") or {}).values()), None)
    typename = data.get("__typename") if isinstance(data, dict) else None
    if typename != SUCCESS[op]:
        return f"{typename}: {str(data)[:200]}"
    return None


async def run_level(
    url: str, traffic: Traffic, concurrency: int, warmup: float, duration: float
) -> Level:
    level = Level(concurrency)
    recording = False
    stop_at = time.monotonic() + warmup + duration

    async def worker() -> None:
        connection = Connection(url, timeout=120)
        try:
            while time.monotonic() < stop_at:
                op = traffic.op()
                body = traffic.body(op)
                t0 = time.perf_counter()
                try:
                    response = await connection.post("/graphql", body, HEADERS)
                    error = result_error(op, response)
                except HttpError as e:
                    error = str(e)
                elapsed = time.perf_counter() - t0
                if recording and time.monotonic() <= stop_at:
                    level.samples.append(Sample(op, elapsed, error))
        finally:
            await connection.aclose()

    tasks = [asyncio.create_task(worker()) for _ in range(concurrency)]
    await asyncio.sleep(warmup)
    recording = True
    started = time.perf_counter()
    await asyncio.gather(*tasks)
    level.seconds = time.perf_counter() - started
    return level


def level_figures(
    level: Level, before: dict[str, float], after: dict[str, float], cpu: dict[str, float]
) -> Figures:
    done = level.samples
    ok = [s.seconds * 1000 for s in done]
    errors = [s for s in done if s.error]

    def delta(name: str, **labels: str) -> float:
        """How much a counter (or a histogram's sum or count) grew over the level."""
        return metric_sum(after, name, **labels) - metric_sum(before, name, **labels)

    embed_s = delta("retentia_embedding_seconds_sum")
    embed_passes = delta("retentia_embedding_seconds_count")
    embed_cpu = delta("retentia_embedding_cpu_seconds_total")

    def texts(outcome: str) -> float:
        return delta("retentia_embedding_texts_total", outcome=outcome)

    out: Figures = {
        "concurrency": level.concurrency,
        "seconds": round(level.seconds, 1),
        "requests": len(done),
        "requests_per_s": round(len(done) / level.seconds, 1),
        "p50_ms": round(percentile(ok, 0.50, "rounded_index"), 1),
        "p95_ms": round(percentile(ok, 0.95, "rounded_index"), 1),
        "p99_ms": round(percentile(ok, 0.99, "rounded_index"), 1),
        "errors": len(errors),
        "error_rate": round(len(errors) / len(done), 4) if done else 0.0,
        "error_examples": sorted({e.error for e in errors if e.error})[:5],
        # Answered recalls whose reactivation the service failed to write (its log says why):
        # an answer is not the whole of a recall's work, so these count against the target.
        "reactivations_failed": int(delta("retentia_reactivation_failures_total")),
        "reactivation_batches": int(delta("retentia_reactivation_batch_recalls_count")),
        "recalls_per_reactivation_batch": round(
            delta("retentia_reactivation_batch_recalls_sum")
            / max(1.0, delta("retentia_reactivation_batch_recalls_count")),
            2,
        ),
        "embed_busy_s": round(embed_s, 2),
        "embed_cpu_s": round(embed_cpu, 2),
        "embed_share_of_wall": round(embed_s / level.seconds, 3),
        "embed_share_of_service_cpu": round(embed_cpu / cpu["service"], 3) if cpu["service"] else 0,
        "embed_passes": int(embed_passes),
        "texts_embedded": int(texts("computed")),
        "texts_from_cache": int(texts("cached")),
        "cpu_s": {k: round(v, 1) for k, v in cpu.items()},
        # Per request, whatever the machine's other load: the service's process (its event
        # loop, the embedder's thread included), the embedder alone, and FalkorDB.
        "cpu_ms_per_request": {
            "service": round(1000 * cpu["service"] / len(done), 1) if done else None,
            "embedding": round(1000 * embed_cpu / len(done), 1) if done else None,
            "falkordb": round(1000 * cpu["falkordb"] / len(done), 1) if done else None,
        },
    }
    by_op: dict[str, list[float]] = defaultdict(list)
    for s in done:
        by_op[s.op].append(s.seconds * 1000)
    for op, values in sorted(by_op.items()):
        name = {"recall": "Recall", "store": "Store", "explain": "Explain"}.get(op, "Traverse")
        labels = {"route": "/graphql", "operation": name}
        count = metric_sum(after, "retentia_request_duration_seconds_count", **labels)
        count -= metric_sum(before, "retentia_request_duration_seconds_count", **labels)
        total = metric_sum(after, "retentia_request_duration_seconds_sum", **labels)
        total -= metric_sum(before, "retentia_request_duration_seconds_sum", **labels)
        out[op] = {
            "requests": len(values),
            "p50_ms": round(percentile(values, 0.50, "rounded_index"), 1),
            "p95_ms": round(percentile(values, 0.95, "rounded_index"), 1),
            "p99_ms": round(percentile(values, 0.99, "rounded_index"), 1),
            "server_mean_ms": round(1000 * total / count, 1) if count else None,
            "errors": sum(1 for s in done if s.op == op and s.error),
        }
    return out


async def drive(
    service: Service, traffic: Traffic, levels: Sequence[int], warmup: float, duration: float
) -> list[Figures]:
    results = []
    for concurrency in levels:
        log(f"concurrency {concurrency}: {warmup:g} s warm-up, {duration:g} s recorded")
        load_before = load_average()
        falkor = service.falkordb_pid()
        before = scrape(service.url)
        cpu0 = {
            "service": tree_cpu_s(service.process.pid, falkor),
            "falkordb": proc_cpu(falkor),
            "generator": own_cpu(),
        }
        pids = {"service": service.process.pid, "falkordb": falkor}
        threads0 = {k: thread_times(pid) for k, pid in pids.items()}
        started = time.monotonic()
        level = await run_level(service.url, traffic, concurrency, warmup, duration)
        after = scrape(service.url)
        threads1 = {k: thread_times(pid) for k, pid in pids.items()}
        elapsed = time.monotonic() - started
        cpu1 = {
            "service": tree_cpu_s(service.process.pid, falkor),
            "falkordb": proc_cpu(falkor),
            "generator": own_cpu(),
        }
        # The warm-up's CPU is in the difference too: scale to the recorded share.
        share = level.seconds / (level.seconds + warmup)
        cpu = {k: (cpu1[k] - cpu0[k]) * share for k in cpu0}
        figures = level_figures(level, before, after, cpu)
        # Warm-up included (a share of the same rate): which one thread of each process was
        # busiest, and how long it waited for a CPU while runnable. A single thread near
        # 100 % on + waiting is the limit whatever the machine's idle time says.
        figures["busiest_threads"] = {
            k: busiest_thread(pid, threads0[k], threads1[k], elapsed) for k, pid in pids.items()
        }
        figures["load_average_before"] = load_before
        figures["reference_loop_ms_before"] = service.reference_loop_ms
        figures["load_average_after"] = load_average()
        results.append(figures)
        log(
            f"  {figures['requests_per_s']} req/s, p50 {figures['p50_ms']} ms, "
            f"p95 {figures['p95_ms']} ms, p99 {figures['p99_ms']} ms, "
            f"{figures['errors']} errors, {figures['reactivations_failed']} reactivations "
            f"failed, embedder busy {figures['embed_share_of_wall']:.0%}"
            f" of the time, CPU {figures['cpu_s']}, busiest threads "
            + ", ".join(f"{k} {thread_cell(v)}" for k, v in figures["busiest_threads"].items())
        )
    return results


# -- recall breakdown ------------------------------------------------------------------------


class _Timed:
    """Forwards to `inner`; each coroutine method call adds its wall time to `spent` (and one
    to `calls`) under `prefix + name`."""

    def __init__(
        self, inner: Any, spent: defaultdict[str, float], calls: Counter[str], prefix: str
    ) -> None:
        self._inner = inner
        self._spent = spent
        self._calls = calls
        self._prefix = prefix

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not inspect.iscoroutinefunction(attr):
            return attr
        key = self._prefix + name

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await attr(*args, **kwargs)
            finally:
                self._spent[key] += time.perf_counter() - started
                self._calls[key] += 1

        return timed


async def recall_breakdown(data_dir: Path, traffic: Traffic, n: int) -> Figures:
    """`n` recalls one at a time in this process (beside the idle service, sharing its
    FalkorDB), composed as the service composes them (`service.compose`), with every repository
    and embedder call timed: where one recall's time goes. Each recall is followed, inside its
    time, by what the service's reactivation queue writes for a recall alone in its batch (after
    the answer there). The legs run concurrently, so the repository's times add up to more
    than their share of the wall."""
    from service.adapters.embedding import load_embedder
    from service.usecases.reactivation import Recalled
    from service.usecases.recall import RecallRequest

    settings = Settings(data_dir=data_dir, backend="falkordb")  # one torch thread, as served
    embedder = await load_embedder(settings)
    spent: defaultdict[str, float] = defaultdict(float)
    calls: Counter[str] = Counter()
    # Beside the running (idle) service: its embedded FalkorDB is shared, not restarted.
    config = settings.backend_config(embedder.dimension, share_running=True)
    cascaded: list[int] = []

    def composed(prefix: str, embedding: Embedder) -> AbstractAsyncContextManager[UseCases]:
        """The use cases over the repository, its calls timed under `prefix`."""
        timed = cast(Backend, _Timed(repository, spent, calls, prefix))
        return compose_use_cases(settings, timed, embedding, TENANT, ready=False)

    async with (
        open_backend(config) as repository,
        composed("recall: ", cast(Embedder, _Timed(embedder, spent, calls, "embed "))) as recalling,
        composed("reactivation: ", embedder) as reactivating,
    ):

        async def recall_and_reactivate() -> None:
            request = RecallRequest(query=traffic.query(), k=10, read_only=True)
            result = await recalling.recall.recall(TENANT, request)
            hits = tuple(h.memory.id for h in result.hits)
            recalled = Recalled(hits, reactivating.memories.now())
            report = await reactivating.reactivation.reactivate_recalls(TENANT, [recalled])
            cascaded.append(len(report.cascaded))

        for _ in range(5):  # warm-up: caches, prototypes, the tenant's schema check
            await recall_and_reactivate()
        spent.clear()
        calls.clear()
        cascaded.clear()
        walls = []
        for _ in range(n):
            started = time.perf_counter()
            await recall_and_reactivate()
            walls.append(time.perf_counter() - started)
    await embedder.aclose()
    per_recall = {
        key: {"ms": round(1000 * spent[key] / n, 2), "calls": round(calls[key] / n, 2)}
        for key in sorted(spent, key=lambda k: -spent[k])
    }
    return {
        "recalls": n,
        "mean_ms": round(1000 * sum(walls) / n, 1),
        "p50_ms": round(1000 * percentile(walls, 0.50, "rounded_index"), 1),
        "cascade_memories_per_recall": round(sum(cascaded) / n, 1),
        "per_recall": per_recall,
    }


def breakdown_markdown(breakdown: Figures) -> str:
    lines = [
        "",
        f"One recall at a time in-process ({breakdown['recalls']} recalls, k=10, reactivating):"
        f" mean {breakdown['mean_ms']} ms, p50 {breakdown['p50_ms']} ms; the reactivation "
        f"cascade reached {breakdown['cascade_memories_per_recall']} memories per recall. Mean "
        "per recall (the legs run concurrently, so the rows add up to more than the wall time):",
        "",
        *md_table("call | ms per recall | calls per recall", "lrr"),
    ]
    lines += [
        f"| {md_cell(key)} | {v['ms']} | {v['calls']} |"
        for key, v in breakdown["per_recall"].items()
    ]
    return "\n".join(lines) + "\n"


# -- profile ---------------------------------------------------------------------------------

_PACKAGES: Final = (
    ("service/", "service (Retentia use cases, GraphQL types)"),
    ("graph_backends/", "graph_backends (repository)"),
    ("schema/", "schema (domain models)"),
    ("strawberry/", "strawberry"),
    ("graphql/", "graphql-core"),
    ("pydantic", "pydantic"),
    ("redis/", "redis-py (FalkorDB client)"),
    ("falkordb/", "falkordb client"),
    ("uvicorn/", "uvicorn"),
    ("starlette/", "starlette"),
    ("asyncio/", "asyncio"),
    ("json/", "json"),
)


def profile_report(path: Path, seconds: float) -> str:
    """Own time of the service's main thread (the event loop) by package and the top
    functions. The embedder's passes run in a worker thread cProfile does not see."""
    cumulative = io.StringIO()
    stats = pstats.Stats(str(path), stream=cumulative)
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    by_package: Counter[str] = Counter()
    by_function: Counter[str] = Counter()
    idle = 0.0
    for (filename, line, function), (_, _, tottime, _, _) in raw.items():
        if "select.epoll" in function:  # the loop waiting for sockets: idle, not work
            idle += tottime
            continue
        package = next((name for key, name in _PACKAGES if key in filename), None)
        if package is None:
            package = "builtins / C" if filename == "~" else "other Python"
        by_package[package] += tottime
        short = "/".join(filename.split("/")[-2:])
        by_function[f"{short}:{line} {function}"] += tottime
    total = sum(by_package.values())
    lines = [
        f"cProfile of the service's event loop thread over the profiled level ({seconds:.0f} s"
        f" recorded, warm-up and start-up included): {total:.1f} s of work, {idle:.1f} s"
        " waiting in epoll (idle: the loop had nothing to run).",
        "",
        "own time by package:",
    ]
    lines += [f"  {s:8.1f} s  {s / total:6.1%}  {name}" for name, s in by_package.most_common()]
    lines += ["", "top 40 functions by own time:"]
    lines += [f"  {s:8.2f} s  {name}" for name, s in by_function.most_common(40)]
    lines += ["", "top 40 by cumulative time:"]
    stats.sort_stats("cumulative").print_stats(40)  # into `cumulative`, the stats' own stream
    lines += cumulative.getvalue().splitlines()
    return "\n".join(lines) + "\n"


# -- report ----------------------------------------------------------------------------------


def markdown(figures: Figures) -> str:
    rows = md_table(
        "concurrency | req/s | p50 ms | p95 ms | p99 ms | errors | reactivations failed "
        "(recalls per batch) | embedder busy | embed / service CPU | CPU ms per request (service"
        " / of it embedding / FalkorDB) | load avg before | reference loop ms before",
        "rrrrrrrrrllr",
    )
    for level in figures["levels"]:
        cpu = level["cpu_ms_per_request"]
        rows.append(
            f"| {level['concurrency']} | {level['requests_per_s']} | {level['p50_ms']} | "
            f"{level['p95_ms']} | {level['p99_ms']} | {level['errors']} "
            f"({level['error_rate']:.1%}) | {level['reactivations_failed']} "
            f"({level['recalls_per_reactivation_batch']}) | {level['embed_share_of_wall']:.0%} | "
            f"{level['embed_share_of_service_cpu']:.0%} | {cpu['service']} / {cpu['embedding']} /"
            f" {cpu['falkordb']} | {md_cell(level['load_average_before'])} | "
            f"{level.get('reference_loop_ms_before', '–')} |"
        )
    per_op = [
        "",
        "Per operation (client p50 / p95 ms; server-side mean ms from the service's histogram):",
        "",
        *md_table("concurrency | recall | store | explain | traverse", "rllll"),
    ]
    for level in figures["levels"]:
        cells = []
        for op in ("recall", "store", "explain", "traverse"):
            o = level.get(op)
            cells.append(
                f"{o['p50_ms']} / {o['p95_ms']} (server {o['server_mean_ms']})" if o else "—"
            )
        per_op.append(md_row([level["concurrency"], *cells]))
    threads = [
        "",
        "Busiest thread of each process (share of the level on a CPU + runnable but waiting for"
        " one; `/proc/<pid>/task/*/schedstat`): one thread near 100 % bounds the throughput"
        " whatever the machine's idle share says.",
        "",
        *md_table("concurrency | service | FalkorDB", "rll"),
    ]
    for level in figures["levels"]:
        busiest = level.get("busiest_threads", {})
        threads.append(
            f"| {level['concurrency']} | {thread_cell(busiest.get('service'))} | "
            f"{thread_cell(busiest.get('falkordb'))} |"
        )
    ceiling = figures["cpu_ceiling"]
    context = [
        "",
        f"CPU-bound ceiling from the CPU per request at concurrency {ceiling['concurrency']}: "
        f"{ceiling['two_cores_req_per_s']} req/s with two idle cores for the service and "
        f"FalkorDB, {ceiling['event_loop_req_per_s']} req/s for the service's one event loop.",
        "",
        f"Target: ≥ {figures['target_rps']} req/s at p95 ≤ {figures['target_p95_ms']} ms with "
        f"zero errors and no reactivation lost — {figures['target_met']}.",
        "",
        f"Tenant: {figures['seed_memories']:,} seeded memories, {figures['seed_edges']:,} edges; "
        "each level runs on a fresh copy of it, the service started anew; at most "
        f"{figures['memories_at_end']:,} after a level (its stores add to it). Mix: "
        + ", ".join(f"{op} {share:.0%}" for op, share in MIX.items())
        + f"; recall queries repeated: {figures['repeat_share']:.0%}. "
        f"{figures['cpus']} CPUs; load average at the end {figures['load_average_end']}. "
        f"Commit {figures['commit']}, {figures['date']}.",
    ]
    return "# Load bench\n\n" + "\n".join(rows + per_op + threads + context) + "\n"


def thread_cell(thread: Figures | None) -> str:
    if thread is None:
        return "—"
    return (
        f"{md_cell(thread['thread'])}: {thread['on_cpu']:.0%} + "
        f"{thread['waiting_for_cpu']:.0%} waiting"
    )


# -- main ------------------------------------------------------------------------------------


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--levels", default="1,2,4,8,16,32", help="concurrency levels")
    parser.add_argument("--duration", type=float, default=60.0, help="recorded seconds per level")
    parser.add_argument("--warmup", type=float, default=5.0, help="unrecorded seconds per level")
    parser.add_argument("--repeat-share", type=float, default=0.0, help="recalls that repeat")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--data-dir", type=Path, help="kept, and reused when already seeded")
    parser.add_argument("--keep", action="store_true", help="keep the temporary data directory")
    add_out(parser, "load")
    parser.add_argument("--name", default="load", help="report file name (without suffix)")
    parser.add_argument(
        "--service-cwd", type=Path, default=REPO_ROOT, help="checkout the service runs from"
    )
    parser.add_argument(
        "--profile", type=int, metavar="C", help="then one level at concurrency C under cProfile"
    )
    parser.add_argument(
        "--breakdown", type=int, default=100, metavar="N", help="timed in-process recalls (0: none)"
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="compare: the service of --service-cwd and of CHECKOUT, alternately, --pairs times",
    )
    parser.add_argument(
        "--against-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set for the against side's service only (repeatable); without --against, the "
        "against side is this checkout",
    )
    parser.add_argument("--pairs", type=int, default=3, help="runs of each side with --against")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    try:
        args.against_env = environment(args.against_env)
    except ValueError as e:
        parser.error(f"--against-env: {e}")
    if args.against_env and args.against is None:
        args.against = args.service_cwd
    return args


def environment(assignments: Sequence[str]) -> dict[str, str]:
    """`NAME=VALUE` assignments as a mapping (a name given twice keeps its last value)."""
    env: dict[str, str] = {}
    for assignment in assignments:
        name, sep, value = assignment.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise ValueError(f"{assignment!r} is not NAME=VALUE")
        env[name] = value
    return env


def cpu_ceiling(levels: Sequence[Figures]) -> Figures:
    """What the CPU per request allows on two cores nobody else uses, at the busiest level:
    both cores for the service and FalkorDB together, and the one event-loop thread (the
    service's CPU less the embedder's thread) alone."""
    best = max(levels, key=lambda lv: lv["requests_per_s"])
    cpu = best["cpu_ms_per_request"]
    return {
        "concurrency": best["concurrency"],
        "two_cores_req_per_s": round(2000 / (cpu["service"] + cpu["falkordb"]), 1),
        "event_loop_req_per_s": round(1000 / (cpu["service"] - cpu["embedding"]), 1),
    }


@dataclass
class Targets:
    rps: float = 100.0
    p95_ms: float = 150.0


def verdict(levels: Sequence[Figures], targets: Targets) -> str:
    good = [
        lv
        for lv in levels
        if lv["requests_per_s"] >= targets.rps
        and lv["p95_ms"] <= targets.p95_ms
        and lv["errors"] == 0
        and lv["reactivations_failed"] == 0
    ]
    if good:
        return f"met at concurrency {', '.join(str(lv['concurrency']) for lv in good)}"
    best = max(levels, key=lambda lv: lv["requests_per_s"] if lv["p95_ms"] <= targets.p95_ms else 0)
    return (
        f"not met: the best level within p95 ≤ {targets.p95_ms:g} ms ran "
        f"{best['requests_per_s']} req/s (concurrency {best['concurrency']}, p95 "
        f"{best['p95_ms']} ms)"
        if best["p95_ms"] <= targets.p95_ms
        else "not met: no level kept p95 within the target"
    )


# -- comparison ------------------------------------------------------------------------------


@contextmanager
def scratch_copy(data_dir: Path) -> Iterator[Path]:
    """A copy of a seeded (and stopped) data directory, removed on exit: every run of a
    comparison starts from the same files. FalkorDB's socket and log are left behind."""
    scratch = Path(tempfile.mkdtemp(prefix="retentia-load-run-"))
    try:
        copy = scratch / "data"
        shutil.copytree(
            data_dir,
            copy,
            ignore=lambda folder, names: [
                n for n in names if n.endswith((".sock", ".log", ".prof")) or n == "service.log"
            ],
        )
        yield copy
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def comparison_summary(runs: Sequence[Figures]) -> list[Figures]:
    """Per concurrency level, each side's req/s, p95 and CPU per request over its runs, and how
    `against` compares with `this`: the ratio of the mean req/s, each pair's ratio (runs of one
    pair ran back to back), and the pairs `against` served more requests in."""
    by_level: dict[int, dict[str, list[Figures]]] = defaultdict(lambda: defaultdict(list))
    for run in runs:
        for level in run["levels"]:
            by_level[level["concurrency"]][run["side"]].append(level | {"pair": run["pair"]})
    summary = []
    for concurrency, sides in sorted(by_level.items()):
        this, against = sides["this"], sides["against"]
        rps = {lv["pair"]: lv["requests_per_s"] for lv in this}
        pairs = [(rps[lv["pair"]], lv["requests_per_s"]) for lv in against if lv["pair"] in rps]
        summary.append(
            {
                "concurrency": concurrency,
                "this": _side(this),
                "against": _side(against),
                "ratio_of_means": round(
                    fmean(lv["requests_per_s"] for lv in against)
                    / fmean(lv["requests_per_s"] for lv in this),
                    3,
                ),
                "pair_ratios": [round(b / a, 3) for a, b in pairs if a],
                "pairs_against_ahead": sum(1 for a, b in pairs if b > a),
                "pairs": len(pairs),
                "errors": sum(lv["errors"] for lv in [*this, *against]),
                "reactivations_failed": sum(lv["reactivations_failed"] for lv in [*this, *against]),
            }
        )
    return summary


def _side(levels: Sequence[Figures]) -> Figures:
    """One side's runs of one level in a comparison."""
    cpu = [lv["cpu_ms_per_request"] for lv in levels]
    return {
        "requests_per_s": [lv["requests_per_s"] for lv in levels],
        "p95_ms": [lv["p95_ms"] for lv in levels],
        "mean_requests_per_s": round(fmean(lv["requests_per_s"] for lv in levels), 1),
        "mean_cpu_ms_per_request": round(fmean(c["service"] + c["falkordb"] for c in cpu), 1),
    }


def _with_env(env: Mapping[str, str]) -> str:
    """How the against side's own variables read after its checkout ("" when none)."""
    if not env:
        return ""
    return ", with " + ", ".join(f"`{md_cell(f'{k}={v}')}`" for k, v in env.items())


def comparison_markdown(figures: Figures) -> str:
    lines = [
        "# Load bench: comparison",
        "",
        f"`this`: {md_cell(figures['this'])}; `against`: {md_cell(figures['against'])}"
        + _with_env(figures.get("against_env", {}))
        + ". Each"
        f" side ran {figures['pairs']} times on a fresh copy of one seeded tenant, the sides"
        " alternating (this, against, against, this, …); the ratio is against / this.",
        "",
        *md_table(
            "concurrency | this req/s (mean) | against req/s (mean) | ratio of means | pair ratios"
            " | pairs against ahead | CPU ms/request this / against | p95 ms this / against |"
            " errors | reactivations failed",
            "rllrlrllrr",
        ),
    ]
    for row in figures["summary"]:
        this, against = row["this"], row["against"]
        lines.append(
            f"| {row['concurrency']} | {' / '.join(map(str, this['requests_per_s']))} "
            f"({this['mean_requests_per_s']}) | "
            f"{' / '.join(map(str, against['requests_per_s']))} "
            f"({against['mean_requests_per_s']}) | {row['ratio_of_means']} | "
            f"{', '.join(map(str, row['pair_ratios']))} | "
            f"{row['pairs_against_ahead']} of {row['pairs']} | "
            f"{this['mean_cpu_ms_per_request']} / {against['mean_cpu_ms_per_request']} | "
            f"{' / '.join(map(str, this['p95_ms']))} — {' / '.join(map(str, against['p95_ms']))}"
            f" | {row['errors']} | {row['reactivations_failed']} |"
        )
    lines += [
        "",
        f"Commit {figures['commit']}, {figures['date']}; load average at the end "
        f"{figures['load_average_end']}.",
    ]
    return "\n".join(lines) + "\n"


async def prepare(
    args: argparse.Namespace, data_dir: Path
) -> tuple[list[int], Figures, list[SyntheticMemory]]:
    """The levels to run, the figures every report starts with, and the seeded memories (the
    tenant seeded into `data_dir` first, unless it already is)."""
    levels = [int(x) for x in args.levels.split(",") if x.strip()]
    figures: Figures = {**client_figures(), "load_average_start": load_average()}
    figures |= await seed(data_dir, args.memories, args.seed)
    return levels, figures, generate_memories(args.memories, args.seed)


def new_traffic(args: argparse.Namespace, seeded: Sequence[SyntheticMemory]) -> Traffic:
    """The request sequence: the same for the same arguments."""
    return Traffic(seeded, args.seed + 7, args.repeat_share)


def run_settings(args: argparse.Namespace) -> Figures:
    return {
        "mix": MIX,
        "repeat_share": args.repeat_share,
        "duration_s": args.duration,
        "warmup_s": args.warmup,
    }


async def compare(args: argparse.Namespace, data_dir: Path) -> None:
    """Both services, alternately, on fresh copies of the seeded tenant and the same traffic:
    on a machine whose speed drifts, only runs close in time compare."""
    levels, figures, seeded = await prepare(args, data_dir)
    checkouts = {"this": args.service_cwd.resolve(), "against": args.against.resolve()}
    runs: list[Figures] = []
    for pair in range(args.pairs):
        order = ("this", "against") if pair % 2 == 0 else ("against", "this")
        for side in order:
            log(f"pair {pair + 1} of {args.pairs}: {side} ({checkouts[side]})")
            traffic = new_traffic(args, seeded)  # the same requests for each run
            extra = args.against_env if side == "against" else None
            with scratch_copy(data_dir) as copy:
                service = start_service(copy, checkouts[side], extra_env=extra)
                try:
                    driven = await drive(service, traffic, levels, args.warmup, args.duration)
                finally:
                    log(f"service stopped with status {service.stop()}")
            runs.append({"pair": pair, "side": side, "levels": driven})
    figures |= {
        "this": str(checkouts["this"]),
        "against": str(checkouts["against"]),
        "against_env": args.against_env,
        "pairs": args.pairs,
        **run_settings(args),
        "runs": runs,
        "summary": comparison_summary(runs),
        "load_average_end": load_average(),
    }
    figures |= run_stamp()
    for row in figures["summary"]:
        log(
            f"concurrency {row['concurrency']}: against / this = {row['ratio_of_means']} "
            f"(pairs {row['pair_ratios']}, against ahead in {row['pairs_against_ahead']} of "
            f"{row['pairs']})"
        )
    write_report(args.out, args.name, figures, comparison_markdown(figures))


async def memory_count(service: Service) -> int:
    async with httpx.AsyncClient(base_url=service.url, timeout=60) as client:
        answer = await client.post(
            "/graphql",
            json={"query": "{ stats { ... on Stats { memories } } }"},
            headers=HEADERS,
        )
    count: int = answer.json()["data"]["stats"]["memories"]
    return count


async def main_async(args: argparse.Namespace, data_dir: Path) -> None:
    levels, figures, seeded = await prepare(args, data_dir)
    traffic = new_traffic(args, seeded)
    figures["levels"] = []
    for concurrency in levels:
        # Each level against the seeded tenant itself, on a fresh copy: the stores of earlier
        # levels (20 % of ~100 req/s for a minute each) would otherwise grow it by a tenth a
        # level, and a later level would measure a larger tenant than the target names.
        with scratch_copy(data_dir) as copy:
            service = start_service(copy, args.service_cwd)
            try:
                (level,) = await drive(service, traffic, [concurrency], args.warmup, args.duration)
                level["memories_at_end"] = await memory_count(service)
                if args.breakdown and concurrency == levels[-1]:
                    log(f"recall breakdown: {args.breakdown} recalls in-process")
                    figures["recall_breakdown"] = await recall_breakdown(
                        copy, traffic, args.breakdown
                    )
            finally:
                log(f"service stopped with status {service.stop()}")
        figures["levels"].append(level)
    figures["memories_at_end"] = max(level["memories_at_end"] for level in figures["levels"])
    targets = Targets()
    figures["cpu_ceiling"] = cpu_ceiling(figures["levels"])
    figures |= {
        **run_settings(args),
        "target_rps": targets.rps,
        "target_p95_ms": targets.p95_ms,
        "target_met": verdict(figures["levels"], targets),
        "load_average_end": load_average(),
    }
    extra: dict[str, str] = {}
    if args.profile:
        with scratch_copy(data_dir) as copy:
            path = copy / "service.prof"
            service = start_service(copy, args.service_cwd, profile=path)
            try:
                profiled = await drive(service, traffic, [args.profile], args.warmup, args.duration)
            finally:
                service.stop()
            figures["profiled_level"] = profiled[0]
            extra[".profile.txt"] = profile_report(path, args.duration)
    figures |= run_stamp()
    log(f"target: {figures['target_met']}")
    table = markdown(figures)
    if args.breakdown:
        table += breakdown_markdown(figures["recall_breakdown"])
    write_report(args.out, args.name, figures, table, extra)


def main() -> None:
    args = arguments()
    with data_directory(args.data_dir, "retentia-load-", keep=args.keep) as data_dir:
        asyncio.run(compare(args, data_dir) if args.against else main_async(args, data_dir))


if __name__ == "__main__":
    main()
