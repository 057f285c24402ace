"""Portability bench: LoCoMo imported through the public history path, a tenant of N memories
with facts exported and restored, and one subject erased from it, on an embedded FalkorDB.

    python -m bench.portability [--n 100000] [--conversations 10] [--embedded-conversations 2]
                                [--vector-cache /tmp/locomo.npz] [--skip-locomo] [--out DIR]

1. LoCoMo: each conversation as a history NDJSON file (a `memory` record per turn, created at its
   session's date-time, one slice per session) imported by the importer `retentia import` uses
   (`HistoryImporter`), each into a tenant of its own: once with the turns' vectors computed
   beforehand (`PrimedEmbedder`: embedding excluded, every conversation) and once with the real
   local embedder (embedding included, the first `--embedded-conversations`: on a shared
   2-core machine the model is the slow part). Memories/s of each.
2. N synthetic memories (`bench.harness.synthetic`: N edges requested, a fact for each memory
   whose template asserts one, through the fact service) written with cheap deterministic
   vectors, then exported as `retentia export` does (`ExportService.ndjson`) to a file:
   seconds, MB, this process's peak RSS during it; again with embeddings (MB); then restored as
   `retentia import` restores an export (`RestoreService.restore`) into a fresh tenant: seconds,
   peak RSS, and whether the restored tenant's `stats` equal the original's.
3. Erase: one subject named by memories and facts of the N-memory tenant, erased as
   `eraseSubject` does (`ErasureService.erase_subject`): milliseconds, and the receipt.

Peak RSS is sampled from /proc every 20 ms during a phase, so each phase's peak is its own (for
this process and for FalkorDB), not the run's high-water mark; the tenant (2, 3) runs before
LoCoMo (1) so that its figures do not carry the embedding model.
Writes `<out>/portability.json` and `<out>/portability.md`. See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from bench.harness.embedders import HashEmbedder, PrimedEmbedder
from bench.harness.locomo_data import (
    session_keys,
    session_time,
    turn_content,
)
from bench.harness.options import add_locomo_run_options
from bench.harness.processes import falkordb_pid, proc_memory_mb
from bench.harness.reports import md_cell, md_table, write_report
from bench.harness.run import Figures, client_figures, data_directory, log, run_stamp
from bench.harness.synthetic import build_memory, fact_inputs, generate_edges, generate_memories
from bench.harness.vector_cache import embed_all
from graph_backends import Backend, FalkorConfig, open_backend
from schema import Tenant
from schema.facts import FactWriter
from service.adapters.embedding import Embedder, load_embedder
from service.compose import UseCases, compose, compose_use_cases
from service.settings import Settings
from service.usecases.facts import FactService
from service.usecases.history_import import open_history
from service.usecases.ndjson import Header, Line, encode, lines, read_header

DIMENSION: Final = 384
INSERT_BATCH: Final = 500
LINK_BATCH: Final = 2000
FACT_BATCH: Final = 500
SAMPLE_S: Final = 0.02


# -- the peak memory of one phase -------------------------------------------------------------


def _rss_mb(pid: int) -> float:
    return proc_memory_mb(pid).get("VmRSS", 0.0)


@contextmanager
def sampled_rss(figures: Figures, key: str, falkordb: int | None) -> Iterator[None]:
    """`<key>_rss_before_mb`, `<key>_peak_rss_mb` (this process) and
    `<key>_falkordb_peak_rss_mb`, sampled every SAMPLE_S while the block runs."""
    before = _rss_mb(os.getpid())
    peaks = {"self": before, "falkordb": 0.0}
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(SAMPLE_S):
            peaks["self"] = max(peaks["self"], _rss_mb(os.getpid()))
            if falkordb is not None:
                peaks["falkordb"] = max(peaks["falkordb"], _rss_mb(falkordb))

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        figures[f"{key}_rss_before_mb"] = round(before, 1)
        figures[f"{key}_peak_rss_mb"] = round(peaks["self"], 1)
        if falkordb is not None:
            figures[f"{key}_falkordb_peak_rss_mb"] = round(peaks["falkordb"], 1)


# -- 1. LoCoMo through the history path ---------------------------------------------------------


def locomo_histories(path: Path, conversations: int) -> list[tuple[str, list[list[str]]]]:
    """Each conversation's history file as slices, one per session (the header in the first)."""
    raw: list[dict[str, Any]] = json.loads(path.read_text())
    out = []
    for sample in raw[:conversations]:
        conv = sample["conversation"]
        slices = []
        for key in session_keys(conv):
            at = session_time(conv, key).isoformat()
            slices.append(
                [
                    encode(
                        {
                            "kind": "memory",
                            "id": str(turn["dia_id"]),
                            "content": turn_content(turn),
                            "created_at": at,
                            "event_time": at,
                            "session": f"{sample['sample_id']}:{key}",
                        }
                    )
                    for turn in conv[key]
                ]
            )
        if slices:
            slices[0].insert(0, encode(Header()))
        out.append((str(sample["sample_id"]), slices))
    return out


def contents(histories: Sequence[tuple[str, list[list[str]]]]) -> list[str]:
    records = (json.loads(text) for _, slices in histories for part in slices for text in part)
    return [r["content"] for r in records if r["kind"] == "memory"]


async def import_locomo(
    settings: Settings, data_dir: Path, embedder: Embedder, label: str,
    histories: Sequence[tuple[str, list[list[str]]]], figures: Figures,
) -> None:  # fmt: skip
    """Every conversation into its own tenant; the seconds spent inside the importer."""
    config = FalkorConfig(data_dir=data_dir / f"locomo-{label}", vector_dimension=DIMENSION)
    spent = 0.0
    imported: Counter[str] = Counter()
    rejected = 0
    tenants = [Tenant(org="bench", project=f"locomo-{label}-{i}") for i in range(len(histories))]
    async with (
        open_backend(config) as repo,
        compose_use_cases(settings, repo, embedder, tenants[0], ready=False) as uses,
    ):
        for tenant, (sample_id, slices) in zip(tenants, histories, strict=True):
            for part in slices:
                _, records = open_history(part)
                t0 = time.perf_counter()
                report = await uses.history.run(tenant, records, batch=max(1, len(part)))
                spent += time.perf_counter() - t0
                imported.update(report.imported)
                rejected += len(report.rejected)
            log(f"locomo ({label}): {sample_id} done, {imported['memory']:,} memories so far")
    memories = imported["memory"]
    figures[f"locomo_{label}_conversations"] = len(histories)
    figures[f"locomo_{label}_memories"] = memories
    figures[f"locomo_{label}_rejected"] = rejected
    figures[f"locomo_{label}_s"] = round(spent, 1)
    figures[f"locomo_{label}_memories_per_s"] = round(memories / spent, 1) if spent else None


async def locomo_phase(
    settings: Settings, data_dir: Path, args: argparse.Namespace, f: Figures
) -> None:
    histories = locomo_histories(args.data, args.conversations)
    texts = contents(histories)
    real = await load_embedder(settings)
    log(f"locomo: {len(texts):,} turns in {len(histories)} conversations; vectors ({real.name})")
    vectors = await embed_all(real, texts, args.vector_cache)
    primed = PrimedEmbedder(real, vectors, owns_inner=False)
    log("locomo: import, embedding excluded (the same vectors, computed beforehand)")
    await import_locomo(settings, data_dir, primed, "primed", histories, f)
    f["locomo_primed_embedder_misses"] = primed.misses
    embedded = histories[: args.embedded_conversations]
    if embedded:
        log(f"locomo: import of {len(embedded)} conversations, embedding included")
        await import_locomo(settings, data_dir, real, "embedding", embedded, f)
    await real.aclose()


# -- 2. export and restore of N memories, 3. erase one subject -----------------------------


async def seed(
    facts_: FactService, repo: Backend, tenant: Tenant, n: int, seed_: int, f: Figures
) -> list[str]:
    """N memories, N edges requested and the facts their templates assert; the entity names
    by how many memories mention them, most first."""
    embedder = HashEmbedder(DIMENSION)
    memories = generate_memories(n, seed_)
    t0 = time.perf_counter()
    for start in range(0, n, INSERT_BATCH):
        chunk = memories[start : start + INSERT_BATCH]
        vectors = await embedder.embed([m.text for m in chunk])
        await repo.upsert_memories(
            tenant, [build_memory(m, v) for m, v in zip(chunk, vectors, strict=True)]
        )
        done = start + len(chunk)
        if done % (INSERT_BATCH * 40) == 0 or done == n:
            log(f"seed: {done:>7,}/{n:,} memories")
    edges = generate_edges(memories, n, seed_)
    for start in range(0, len(edges), LINK_BATCH):
        await repo.link(tenant, edges[start : start + LINK_BATCH])
    facts = fact_inputs(memories)
    for start in range(0, len(facts), FACT_BATCH):
        await facts_.apply_facts(tenant, facts[start : start + FACT_BATCH], FactWriter.MEMORY)
    f["seed_s"] = round(time.perf_counter() - t0, 1)
    f["seed_edges_requested"] = len(edges)
    f["seed_facts"] = len(facts)
    log(f"seed: {n:,} memories, {len(edges):,} edges, {len(facts):,} facts in {f['seed_s']} s")
    mentions = Counter(e for m in memories for e in m.entities)
    return [name for name, _ in mentions.most_common()]


async def write_export(uses: UseCases, tenant: Tenant, path: Path, *, embeddings: bool) -> int:
    written = 0
    with path.open("w", encoding="utf-8") as out:
        async for text in await uses.exports.ndjson(tenant, embeddings=embeddings):
            out.write(text)
            written += 1
    return written


async def file_lines(path: Path) -> AsyncIterator[Line]:
    with path.open(encoding="utf-8") as source:
        for line in lines(source):
            yield line


async def tenant_phase(
    settings: Settings, data_dir: Path, args: argparse.Namespace, f: Figures
) -> None:
    n = args.n
    falkor_dir = data_dir / "tenant"
    config = FalkorConfig(
        data_dir=falkor_dir, vector_dimension=DIMENSION, appendfsync=args.appendfsync,
        startup_timeout_s=600,
    )  # fmt: skip
    source = Tenant(org="bench", project=f"source-{n}")
    target = Tenant(org="bench", project=f"restored-{n}")
    async with (
        open_backend(config) as repo,
        compose(settings, repo, HashEmbedder(DIMENSION), source, ready=False) as composed,
    ):
        # Seeded under the use cases, through the services behind them (the facts without a
        # key, straight to the one supersession path).
        uses, inner = composed.uses, composed.internals
        await inner.memories.ready(source)
        falkordb = falkordb_pid(falkor_dir)
        entities = await seed(inner.facts, repo, source, n, args.seed, f)
        before = await repo.stats(source)
        f["memories"] = before.memories
        f["edges"] = sum(before.edges.values())
        plain = data_dir / "export.ndjson"
        log("export (no embeddings)")
        with sampled_rss(f, "export", falkordb):
            t0 = time.perf_counter()
            f["export_records"] = await write_export(uses, source, plain, embeddings=False)
            f["export_s"] = round(time.perf_counter() - t0, 2)
        f["export_mb"] = round(plain.stat().st_size / 2**20, 1)
        log(f"export: {f['export_records']:,} records, {f['export_mb']} MB in {f['export_s']} s")
        full = data_dir / "export-embeddings.ndjson"
        t0 = time.perf_counter()
        await write_export(uses, source, full, embeddings=True)
        f["export_embeddings_s"] = round(time.perf_counter() - t0, 2)
        f["export_embeddings_mb"] = round(full.stat().st_size / 2**20, 1)
        full.unlink()
        with plain.open(encoding="utf-8") as text:
            header, _ = read_header(next(lines([text.readline()])))
        log("restore into a fresh tenant")
        with sampled_rss(f, "restore", falkordb):
            t0 = time.perf_counter()
            report = await uses.restore.restore(target, header, file_lines(plain))
            f["restore_s"] = round(time.perf_counter() - t0, 2)
        f["restore_records"] = sum(report.imported.values())
        f["restore_rejected"] = len(report.rejected)
        f["restore_stats_equal"] = await repo.stats(target) == before
        log(f"restore: {f['restore_records']:,} records in {f['restore_s']} s")
        # A subject of middling reach: named by some memories and facts, not by thousands.
        subject = entities[min(len(entities) - 1, args.erase_rank)]
        log(f"erase one subject (rank {args.erase_rank} by mentions)")
        t0 = time.perf_counter()
        receipt = await uses.erasure.erase_subject(source, subject, by="bench")
        f["erase_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        f["erase_memories"] = receipt.memories_deleted + receipt.memories_redacted
        f["erase_facts"] = receipt.facts_deleted + receipt.facts_retracted
        log(f"erase: {f['erase_ms']} ms ({f['erase_memories']} memories, {f['erase_facts']} facts)")


FIGURES: Final = {
    "locomo_primed_memories_per_s": "LoCoMo history import, embedding excluded (memories/s)",
    "locomo_embedding_memories_per_s": "LoCoMo history import, embedding included (memories/s)",
    "memories": "tenant memories",
    "edges": "tenant edges (stored)",
    "seed_facts": "tenant facts",
    "export_s": "export, no embeddings (s)",
    "export_mb": "export size (MB)",
    "export_rss_before_mb": "RSS of the process before the export (MiB)",
    "export_peak_rss_mb": "export: peak RSS of the process (MiB)",
    "export_embeddings_mb": "export size with embeddings (MB)",
    "export_embeddings_s": "export with embeddings (s)",
    "restore_s": "restore into a fresh tenant (s)",
    "restore_peak_rss_mb": "restore: peak RSS of the process (MiB)",
    "restore_falkordb_peak_rss_mb": "restore: peak RSS of FalkorDB (MiB)",
    "restore_stats_equal": "restored stats equal the original's",
    "erase_ms": "erase one subject (ms)",
}


def markdown(f: Figures) -> str:
    context = ", ".join(f"{k} {f[k]}" for k in ("commit", "load_average", "cpus") if k in f)
    return "\n".join(
        [
            "# Portability bench (`bench/portability.py`)",
            "",
            f"Embedded FalkorDB, N = {f['n']:,}; {context}. All figures in `portability.json`.",
            "",
            *md_table(
                "figure | value",
                "lr",
                ([label, md_cell(str(f.get(key, "n/a")))] for key, label in FIGURES.items()),
            ),
            "",
        ]
    )


async def main(args: argparse.Namespace) -> None:
    settings = Settings()
    f: Figures = {**run_stamp(), **client_figures(), "n": args.n}
    f["load_average"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with data_directory(args.data_dir, "retentia-portability-", keep=args.keep) as data_dir:
        # The tenant first: its peak RSS figures must not carry the embedding model.
        await tenant_phase(settings, data_dir, args, f)
        if not args.skip_locomo:
            await locomo_phase(settings, data_dir, args, f)
    write_report(args.out, "portability", f, markdown(f))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--n", type=int, default=100_000, help="memories of the exported tenant")
    p.add_argument("--conversations", type=int, default=10, help="LoCoMo conversations")
    p.add_argument(
        "--embedded-conversations", type=int, default=2,
        help="conversations imported again with the real embedder (embedding included)",
    )  # fmt: skip
    p.add_argument("--skip-locomo", action="store_true")
    p.add_argument("--erase-rank", type=int, default=200, help="the erased subject's rank")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--keep", action="store_true", help="keep the data directory")
    add_locomo_run_options(p, "portability")
    return p.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
