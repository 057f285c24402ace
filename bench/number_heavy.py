"""Number-heavy conversations recall bench (issue 51): does recall find a number the user stated
among many others, the current one where it changed, the stated one where it did not?

    python -m bench.number_heavy [--family tune|report|both] [--conversations N]
                            [--vector-cache FILE] [--out DIR] [--check]

1. Generates `--conversations` conversations of each family (`bench/harness/numbers_data.py`,
   templates `bench/fixtures/number_slots.json`, the seeds of `numbers_data.SEEDS`): ~40
   sessions, ~14 numbers stated, about a third of them updated, among events and small talk
   with numbers of their own. `tune` is for adjusting against, `report` (no template shared
   with it) for the figures quoted.
2. Embeds every turn and question once with the local MiniLM (optionally cached in an .npz);
   Retentia gets the vectors through a primed embedder.
3. Ranks the top 20 turns for each question with BM25 (as bench/longmemeval.py) and with
   Retentia — an embedded FalkorDB, one tenant per conversation, each session one
   `store_each` batch at its date, read-only recall at the question's date: as shipped, with
   the `updates` term off, with `updates` and `restated` off, each single leg of
   `bench/harness/guard.py` alone (no term), and, from a second ingest, update detection off.
4. Scores recall@10 of the gold turns; for current questions current_first@5 (the newest value
   in the top 5 above every stale one) and stale_in_top5; for stable questions stable_in_top5;
   assistant_first (the first hit an assistant's turn); the update edges the ingest made.
5. The leg guard per family: Retentia's recall@10, asked for the top 10 (`retentia_at10`), at
   least that of its best single leg; `--check` exits 1 when it fails on any family.

Writes `<out>/number-heavy.json`, `<out>/number-heavy.md` and `<out>/number-heavy-details.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from bench.harness.bm25 import BM25_STOPWORDS, bm25_tokens
from bench.harness.clock import BenchClock
from bench.harness.embedders import PrimedEmbedder
from bench.harness.guard import (
    FUSED_AT_10,
    GUARD_HEADER,
    GUARD_RANKINGS,
    SINGLE_LEGS,
    guard_line,
    guard_request,
    leg_guard,
)
from bench.harness.numbers_data import FAMILIES, SEEDS, Conversation, Question, conversations
from bench.harness.options import add_run_options, add_torch_threads, add_vector_cache
from bench.harness.reports import md_row, md_table, write_report
from bench.harness.run import (
    Figures,
    client_figures,
    data_directory,
    log,
    run_stamp,
)
from bench.harness.scoring import SystemRun, newest_first
from bench.harness.sessions import store_sessions
from bench.harness.vector_cache import embed_all
from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from service.adapters.embedding import load_embedder
from service.compose import compose
from service.settings import Settings
from service.usecases.recall import TERMS, RecallRequest

DEPTH: Final = 20
DEFAULT_CONVERSATIONS: Final = 8
SHIPPED: Final = "retentia"
DETECTION_OFF: Final = "retentia_detection_off"
SYSTEMS: Final = (
    "bm25",
    SHIPPED,
    "retentia_updates_off",
    "retentia_updates_restated_off",
    "retentia_own_words_off",
    "retentia_terms_off",
    DETECTION_OFF,
    *GUARD_RANKINGS,
)
#: A recall request by system name, for a question.
Requests = Callable[[str], dict[str, RecallRequest]]


def shipped_requests(question: str) -> dict[str, RecallRequest]:
    """The recalls run on the shipped ingest: as shipped, the ranking ablations (the issue 51
    terms off one at a time and together), and the leg guard's rankings."""
    return {
        SHIPPED: RecallRequest(question, k=DEPTH, read_only=True),
        "retentia_updates_off": RecallRequest(
            question, k=DEPTH, read_only=True, terms=frozenset(TERMS) - {"updates"}
        ),
        "retentia_updates_restated_off": RecallRequest(
            question, k=DEPTH, read_only=True, terms=frozenset(TERMS) - {"updates", "restated"}
        ),
        "retentia_own_words_off": RecallRequest(
            question, k=DEPTH, read_only=True, terms=frozenset(TERMS) - {"own_words"}
        ),
        "retentia_terms_off": RecallRequest(
            question,
            k=DEPTH,
            read_only=True,
            terms=frozenset(TERMS) - {"updates", "restated", "own_words"},
        ),
        **{name: guard_request(name, question, DEPTH) for name in GUARD_RANKINGS},
    }


def detection_off_requests(question: str) -> dict[str, RecallRequest]:
    return {DETECTION_OFF: RecallRequest(question, k=DEPTH, read_only=True)}


# -- scoring ----------------------------------------------------------------------------------


def question_figures(q: Question, ranked: Sequence[str], roles: Mapping[str, str]) -> Figures:
    """One question's figures from its ranked turn keys: recall@10, assistant_first, and
    current_first@5 and stale_in_top5 (current) or stable_in_top5 (stable)."""
    top5 = set(ranked[:5])
    out: Figures = {
        "recall@10": len(q.gold & set(ranked[:10])) / len(q.gold),
        "assistant_first": float(bool(ranked) and roles[ranked[0]] == "assistant"),
    }
    if q.kind == "current":
        out["current_first@5"] = float(newest_first(ranked, set(q.stale), set(q.gold), 5))
        out["stale_in_top5"] = float(bool(top5 & q.stale))
    else:
        out["stable_in_top5"] = float(bool(top5 & q.gold))
    return out


def figures(convs: Sequence[Conversation], run: SystemRun) -> Figures:
    """A system's figures over a family's questions (each figure over the questions it has)."""
    roles = {t.key: t.role for c in convs for t in c.turns}
    per = [question_figures(q, run.ranked[q.qid], roles) for c in convs for q in c.questions]
    out: Figures = {
        "questions": len(per),
        "current_questions": sum("current_first@5" in p for p in per),
    }
    for name in ("recall@10", "current_first@5", "stale_in_top5", "stable_in_top5"):
        got = [p[name] for p in per if name in p]
        out[name] = round(statistics.fmean(got), 3) if got else None
    out["assistant_first"] = round(statistics.fmean(p["assistant_first"] for p in per), 3)
    if run.ingest_s:
        turns = sum(len(c.turns) for c in convs)
        out["update_edges"] = run.update_edges
        out["edges_per_turn"] = round(run.update_edges / turns, 3)
    if run.latencies_s:
        out["recall_p50_ms"] = round(1000 * statistics.median(run.latencies_s), 1)
    return out


# -- systems ----------------------------------------------------------------------------------


def run_bm25(convs: Sequence[Conversation]) -> SystemRun:
    """BM25Okapi over each conversation's turns; ties keep turn order."""
    from rank_bm25 import BM25Okapi

    run = SystemRun()
    for conv in convs:
        turns = conv.turns
        index = BM25Okapi([bm25_tokens(t.content, BM25_STOPWORDS) for t in turns])
        for q in conv.questions:
            t0 = time.perf_counter()
            scores = index.get_scores(bm25_tokens(q.text, BM25_STOPWORDS))
            order = sorted(range(len(turns)), key=lambda i: (-scores[i], i))[:DEPTH]
            run.latencies_s.append(time.perf_counter() - t0)
            run.ranked[q.qid] = [turns[i].key for i in order]
    return run


def tenant(conv: Conversation) -> Tenant:
    return Tenant(org="bench", project=f"num-{conv.id}")


async def run_retentia(
    convs: Sequence[Conversation],
    embedder: PrimedEmbedder,
    settings: Settings,
    data_dir: Path,
    appendfsync: str,
    requests: Requests,
) -> dict[str, SystemRun]:
    """One ingest of `convs` (each session a batch at its date), then every recall `requests`
    names for each question at the question's date; each run carries the ingest's edges."""
    runs: dict[str, SystemRun] = {}
    ingest_s, ingested, edges = 0.0, 0, 0
    config = FalkorConfig(
        data_dir=data_dir / "falkordb", appendfsync=appendfsync, startup_timeout_s=600
    )
    async with open_backend(config) as repo:
        clock = BenchClock()
        tenants = [tenant(c) for c in convs]
        for t in tenants:
            await repo.drop_tenant(t)
        async with compose(
            settings, repo, embedder, tenants[0], clock=clock, ready=False
        ) as composed:
            uses, memories = composed.uses, composed.internals.memories
            for n, (conv, where) in enumerate(zip(convs, tenants, strict=True), 1):
                spent, made = await store_sessions(memories, where, conv.sessions, clock)
                ingest_s += spent
                edges += made
                ingested += len(conv.turns)
                for q in conv.questions:
                    clock.now = q.asked_at
                    for name, request in requests(q.text).items():
                        run = runs.setdefault(name, SystemRun())
                        t0 = time.perf_counter()
                        result = await uses.recall.recall(where, request)
                        run.latencies_s.append(time.perf_counter() - t0)
                        run.ranked[q.qid] = [
                            str(h.memory.metadata.get("turn")) for h in result.hits
                        ]
                log(f"  {conv.id} ({n}/{len(convs)}): {ingested:,} turns stored, {edges} edges")
        for t in tenants:
            await repo.drop_tenant(t)
    for run in runs.values():
        run.ingest_s, run.ingested, run.update_edges = ingest_s, ingested, edges
    return runs


async def run_family(
    convs: Sequence[Conversation],
    embedder: PrimedEmbedder,
    settings: Settings,
    data_dir: Path,
    appendfsync: str,
) -> dict[str, SystemRun]:
    """Every system on one family: BM25, the shipped ingest's recalls, detection off."""
    runs = {"bm25": run_bm25(convs)}
    log("  retentia as shipped, its ablations and single legs")
    runs |= await run_retentia(convs, embedder, settings, data_dir, appendfsync, shipped_requests)
    log("  retentia with update detection off (a second ingest)")
    off = settings.model_copy(
        update={"engine": settings.engine.model_copy(update={"update_detection": False})}
    )
    runs |= await run_retentia(convs, embedder, off, data_dir, appendfsync, detection_off_requests)
    return runs


def family_report(convs: Sequence[Conversation], runs: Mapping[str, SystemRun]) -> Figures:
    systems = {name: figures(convs, runs[name]) for name in SYSTEMS}
    recall = {name: float(f["recall@10"]) for name, f in systems.items()}
    return {
        "conversations": len(convs),
        "turns": sum(len(c.turns) for c in convs),
        "systems": systems,
        "guard": leg_guard(recall[FUSED_AT_10], {name: recall[name] for name in SINGLE_LEGS}),
    }


def details(convs: Sequence[Conversation], runs: Mapping[str, SystemRun]) -> Figures:
    """Each question's gold and stale turns and every system's top 5."""
    return {
        q.qid: {
            "question": q.text,
            "kind": q.kind,
            "gold": sorted(q.gold),
            "stale": sorted(q.stale),
            "top5": {name: runs[name].ranked[q.qid][:5] for name in SYSTEMS},
        }
        for c in convs
        for q in c.questions
    }


async def run(args: argparse.Namespace, data_dir: Path) -> tuple[Figures, Figures]:
    names = FAMILIES if args.family == "both" else (args.family,)
    chosen = {name: conversations(name, args.conversations, SEEDS[name]) for name in names}
    for name, convs in chosen.items():
        log(
            f"{name}: {len(convs)} conversations, {sum(len(c.turns) for c in convs):,} turns, "
            f"{sum(len(c.questions) for c in convs)} questions"
        )
    settings = Settings(torch_threads=args.torch_threads)
    real = await load_embedder(settings)
    texts = [t.content for convs in chosen.values() for c in convs for t in c.turns]
    texts += [q.text for convs in chosen.values() for c in convs for q in c.questions]
    log(f"embedding {len(set(texts)):,} distinct texts")
    embedder = PrimedEmbedder(real, await embed_all(real, texts, args.vector_cache))
    report: Figures = {"families": {}}
    more: Figures = {}
    for name, convs in chosen.items():
        log(f"{name}: ingest and recall")
        runs = await run_family(convs, embedder, settings, data_dir, args.appendfsync)
        report["families"][name] = family_report(convs, runs)
        more[name] = details(convs, runs)
        log(f"{name}: guard {report['families'][name]['guard']}")
    report["meta"] = (
        run_stamp()
        | client_figures()
        | {"seeds": {name: SEEDS[name] for name in names}, "embedder_misses": embedder.misses}
    )
    return report, more


# -- report -----------------------------------------------------------------------------------


#: The per-question scores of the report's table, in its column order.
SCORES: Final = (
    "recall@10", "current_first@5", "stale_in_top5", "stable_in_top5", "assistant_first"
)  # fmt: skip


def _cell(value: Any, digits: int = 3) -> str:
    if value is None:
        return "—"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def markdown(report: Mapping[str, Any], command: str) -> str:
    meta = report["meta"]
    lines = [
        "# Number-heavy conversations: recall",
        "",
        f"Commit `{meta['commit']}`, {meta['date']}, {meta['cpus']} CPUs. Generated "
        "project-tracking conversations (issue 51, `bench/harness/numbers_data.py`, templates "
        "`bench/fixtures/number_slots.json`): ~40 sessions each, in which a user states ~14 "
        "numbers (budgets, targets, deadlines, rates, hours), updates about a third of them "
        "once or twice and restates some, among events and small talk with numbers of their "
        "own. A current question asks for an updated number (gold: the turns of its newest "
        "value; stale: the earlier ones), a stable question for one that never changed. The "
        "tune and report families share no attribute and no template: tune is for adjusting "
        f"against, report for quoting. Regenerate with `{command}`.",
        "",
    ]
    for name, family in report["families"].items():
        lines += [
            f"## {name} ({family['conversations']} conversations, {family['turns']:,} turns, "
            f"{family['systems'][SHIPPED]['questions']} questions, "
            f"{family['systems'][SHIPPED]['current_questions']} of them current)",
            "",
            *md_table(
                "system | recall@10 | current_first@5 | stale_in_top5 | stable_in_top5 | "
                "assistant_first | update edges | edges per turn | recall p50 ms",
                "lrrrrrrrr",
            ),
        ]
        for system, f in family["systems"].items():
            cells = [_cell(f[name]) for name in SCORES]
            cells += [_cell(f.get("update_edges")), _cell(f.get("edges_per_turn"))]
            lines.append(md_row([system, *cells, _cell(f.get("recall_p50_ms"), 1)]))
        lines.append("")
    lines += [
        "The leg guard (`bench/harness/guard.py`): Retentia as shipped, asked for the top 10 "
        "(`retentia_at10`), against each single leg alone with no ranking term, on recall@10.",
        "",
        GUARD_HEADER,
        *(guard_line(name, f["guard"]) for name, f in report["families"].items()),
        "",
        "The single legs and the two ranking ablations are recalls of the shipped ingest "
        "(its edges); update detection off is a second ingest. Retentia's recall excludes the "
        f"embedder (the vectors are computed before the run). Total wall time "
        f"{meta['total_wall_s']} s.",
        "",
    ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--family", choices=(*FAMILIES, "both"), default="both")
    p.add_argument("--conversations", type=int, default=DEFAULT_CONVERSATIONS, help="per family")
    add_vector_cache(p, help="an .npz of vectors reused across runs")
    add_torch_threads(p)
    p.add_argument("--check", action="store_true", help="exit 1 when the leg guard fails")
    add_run_options(p, "number_heavy", appendfsync="everysec")
    args = p.parse_args(argv)
    if args.conversations < 1:
        p.error("--conversations must be at least 1")
    return args


def command_line(args: argparse.Namespace) -> str:
    """The command that regenerates the report's figures."""
    parts = ["python -m bench.number_heavy"]
    if args.family != "both":
        parts.append(f"--family {args.family}")
    if args.conversations != DEFAULT_CONVERSATIONS:
        parts.append(f"--conversations {args.conversations}")
    return " ".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    with data_directory(args.data_dir, "retentia-numbers-") as data_dir:
        report, more = asyncio.run(run(args, data_dir))
    table = markdown(report, command_line(args))
    write_report(
        args.out,
        "number-heavy",
        report,
        table,
        {"-details.json": json.dumps(more, indent=2, ensure_ascii=False) + "\n"},
    )
    print(table)
    failed = [name for name, f in report["families"].items() if not f["guard"]["holds"]]
    if args.check and failed:
        log(f"leg guard fails on {', '.join(failed)}")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
