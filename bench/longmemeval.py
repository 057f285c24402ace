"""LongMemEval-S bench (issues 53, 25, 51): Retentia against BM25 over turns in the field's
units on the whole set, and whether the current value is ranked above the stale one on its
knowledge-update questions, by the offline protocol of `../shared/bench/README.md`.

    python -m bench.longmemeval [--questions N] [--types a,b] [--vector-cache FILE]
                                [--ablation] [--ablate SPECS] [--check] [--out DIR]

1. Reads `longmemeval_s.json.gz` (or the knowledge-update file) and skips the abstentions
   (`_abs`): 468 answerable questions of six types, each its own haystack of ~48 sessions
   (~490 turns); `--types` keeps some types, `--questions` the first N.
2. Embeds every turn and question once, question by question, with the configured embedder
   (`bench.harness.vector_cache`: progress on stderr, saved as it fills with `--vector-cache`,
   per embedder); Retentia gets the vectors through a primed embedder, so ingest and recall
   times exclude it.
3. BM25Okapi over the question's turns (`role: content`, LoCoMo's stopwords).
4. Retentia: an embedded FalkorDB, one tenant per question, every turn one memory created at
   its session's date (the clock at that date), `sourceSession` = the session id, each session
   one `store_each` batch in turn order; then read-only recall of the top 20 at the question's
   date (or its haystack's last session where the file dates the question before it: see
   `longmemeval_data`), in the service's default composition, and the leg guard's rankings
   (the top 10, each single leg); the tenant is dropped once its recalls are done.
5. The field's figures (`bench.harness.retrieval_metrics`), per question type and overall, for
   `all` and the splits (answerable questions at even positions in the file are `tune`, odd
   ones `report`): at session level (ranked turns collapsed to their sessions in order of
   first appearance; gold: `answer_session_ids`) and at turn level (gold: `has_answer` turns;
   a question without any is skipped there and counted) — recall_any@k, recall_all@k,
   recall@k, NDCG@k (binary relevance) for k = 1, 5, 10, 20, and MRR; ingest memories/s and
   recall p50/p95; the leg guard on the whole set.
6. The knowledge-update view, on that subset's questions from the same run (issue 25):
   recall_any@k, recall@k and **newest_first@k** (the newer gold session or turn is in the top
   k and above the older one) at both levels; on the questions that ask for the current value,
   **stale_in_top5** beside current_in_top5; the stable fixtures (their own ingest); the
   splits (even / odd positions within the subset) and the leg guard; with `--ablation`, the
   updates ranking off (same ingest) and update detection off (a second ingest of the subset).
   `--check` exits 1 when a leg guard fails.
7. The ablation on the whole set (issue 53): with `--ablation`, each of `NEW_SIGNALS` the tree
   knows off in turn; `--ablate leg:NAME,term:NAME,setting:NAME=VALUE` names the signals
   instead (`bench.harness.ablation`: a leg or term on the same ingest, a setting on its own).
   Each is reported in the field's units beside the default, with its change.

Writes `<out>/longmemeval.json` (`field` and `knowledge_update`), `<out>/longmemeval.md` (the
field tables first) and `<out>/longmemeval-details.json` (per question, the view's splits and
stable fixtures, the run's context). See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from bench.harness.ablation import Ablation, parse_ablation, parse_ablations
from bench.harness.bm25 import BM25_STOPWORDS, bm25_tokens
from bench.harness.clock import BenchClock
from bench.harness.embedders import PrimedEmbedder
from bench.harness.guard import (
    FUSED_AT_10,
    GUARD_HEADER,
    GUARD_RANKINGS,
    SINGLE_LEGS,
    SPLITS,
    guard_line,
    guard_request,
    leg_guard,
)
from bench.harness.guard import split_sets as harness_split_sets
from bench.harness.longmemeval_data import (
    KNOWLEDGE_UPDATE,
    QUESTION_TYPES,
    Item,
    Session,
    Turn,
    load_items,
)
from bench.harness.options import LONGMEMEVAL_FULL, add_run_options
from bench.harness.reports import EM_DASH, fixed, md_row, md_table, write_report
from bench.harness.retrieval_metrics import (
    FIELD_KS,
    collapse,
    first_appearance,
    mean_figures,
    unit_figures,
)
from bench.harness.run import (
    DEFAULT_TORCH_THREADS,
    REPO_ROOT,
    Figures,
    client_figures,
    data_directory,
    log,
    run_stamp,
)
from bench.harness.scoring import SystemRun, newest_first
from bench.harness.sessions import store_sessions
from bench.harness.stats import percentile
from bench.harness.vector_cache import embed_all, query_vectors
from graph_backends import FalkorConfig, open_backend
from service.adapters.embedding import load_embedder
from service.compose import compose
from service.engine.query import detect_intent
from service.settings import Settings
from service.usecases.recall import TERMS, RecallRequest

#: Stable facts stated once among a year of recent chatter (issue 25: no blanket recency boost).
STABLE_FIXTURES: Final = REPO_ROOT / "bench" / "fixtures" / "stable_facts.json"
#: When the stable facts are stated; chatter sessions follow every `STABLE_EVERY`, the question
#: is asked a year after.
STABLE_START: Final = datetime(2023, 1, 5, 9, 0, tzinfo=UTC)
STABLE_SESSIONS: Final = 24
STABLE_EVERY: Final = timedelta(days=15)
KS: Final = (1, 3, 5, 10)
DEPTH: Final = 20
#: The README's figures on this set (newest_first over sessions, over turns).
README_FIGURES: Final = {"bm25": (0.54, 0.49), "retentia": (0.44, 0.44)}
TARGET_NEWEST_FIRST: Final = 0.90
TARGET_RECALL_ANY_10: Final = 0.98
SYSTEMS: Final = ("retentia", "bm25")
#: The ablation (docs/adr/0027): the same run with each new signal off in turn.
ABLATION: Final = ("retentia_ranking_off", "retentia_detection_off")
#: The signals issue 53 added, each switched off in turn by `--ablation` on the whole set (a
#: leg or term: the same ingest; a setting: its own ingest). Those the tree does not know (yet)
#: are left out; `--ablate` names others.
NEW_SIGNALS: Final = (
    "leg:temporal",
    "term:focus",
    "term:session_diversity",
    "setting:recall_sink_depth=100",
    "setting:recall_temporal_mentions=false",
)
#: The field figures the ablation table shows (session level, then turn level).
ABLATION_FIGURES: Final = (
    ("session", "recall_any@1"),
    ("session", "ndcg@10"),
    ("session", "mrr"),
    ("turn", "recall@10"),
    ("turn", "ndcg@10"),
)
#: Retentia's top 10 re-sorted newest first: a blanket recency boost, for contrast.
RESORTED: Final = "retentia_top10_by_date"
#: The leg guard compares this figure (turn level: the gold turns found in the top 10).
GUARD_FIGURE: Final = "turn_recall@10"
#: A progress line every this many questions.
PROGRESS_EVERY: Final = 25
LEVELS: Final = ("session", "turn")
#: The field figures the headline tables show, per level (every one is in the JSON).
FIELD_SESSION_HEADLINE: Final = ("recall_any@1", "recall_any@5", "recall_all@10", "ndcg@10", "mrr")
FIELD_TURN_HEADLINE: Final = ("recall_any@5", "recall@10", "recall_all@10", "ndcg@10", "mrr")
#: The figures of each system at session and at turn level, in the report's first table.
LEVEL_FIGURES: Final = (
    "any@5", "any@10", "recall@10", "newest_first@1", "newest_first@5", "newest_first@10"
)  # fmt: skip
#: The figures reported per split, of the questions (means of `score`'s) and of the stable
#: fixtures.
SPLIT_FIGURES: Final = (
    "session_newest_first@5",
    "turn_newest_first@5",
    "turn_recall@10",
    "session_any@10",
    "turn_any@10",
)


def stable_items(path: Path) -> list[Item]:
    """One item a stable fact: the fact said once (with a reply), then `STABLE_SESSIONS`
    sessions of chatter over the year after (counts that change — the update detector links
    some of them —, replies), the fact's distractors (recent turns sharing the question's
    words) in the last sessions, and the question a year after the fact. Its one gold turn is
    the fact (`gold` names its session twice)."""
    raw = json.loads(path.read_text())
    chatter, replies = raw["chatter"], raw["replies"]
    items = []
    for n, fixture in enumerate(raw["facts"]):
        qid = f"stable-{fixture['id']}"
        first = f"{qid}-s00"
        sessions = [
            Session(
                first,
                STABLE_START,
                (
                    Turn(f"{first}#0", first, f"user: {fixture['fact']}", True),
                    Turn(f"{first}#1", first, f"assistant: {replies[n % len(replies)]}", False),
                ),
            )
        ]
        distractors = list(fixture["distractors"])
        for i in range(1, STABLE_SESSIONS + 1):
            sid = f"{qid}-s{i:02d}"
            lines = [
                chatter[(n + i + j) % len(chatter)].format(n=2 + (i * 7 + j) % 23, m=5 + i + j)
                for j in range(2)
            ]
            if i > STABLE_SESSIONS - len(distractors):
                lines.append(distractors[i - 1 - (STABLE_SESSIONS - len(distractors))])
            turns: list[Turn] = []
            for line in lines:
                turns.append(Turn(f"{sid}#{len(turns)}", sid, f"user: {line}", False))
                reply = replies[(n + i + len(turns)) % len(replies)]
                turns.append(Turn(f"{sid}#{len(turns)}", sid, f"assistant: {reply}", False))
            sessions.append(Session(sid, STABLE_START + i * STABLE_EVERY, tuple(turns)))
        items.append(
            Item(
                qid,
                fixture["question"],
                STABLE_START + timedelta(days=365),
                tuple(sessions),
                (first, first),
            )
        )
    return items


def stable_figures(items: Sequence[Item], ranked: Mapping[str, Sequence[str]]) -> Figures:
    """The share of stable facts ranked first, and in the top 5 and 10 turns."""
    fact = {item.qid: next(t.key for t in item.turns if t.gold) for item in items}
    out: Figures = {"questions": len(items)}
    for k in (1, 5, 10):
        hits = [fact[item.qid] in ranked[item.qid][:k] for item in items]
        out[f"fact@{k}"] = round(statistics.fmean(hits), 3)
    out["missed_first"] = [item.qid for item in items if ranked[item.qid][:1] != [fact[item.qid]]]
    out["top_turns"] = {item.qid: list(ranked[item.qid][:3]) for item in items}
    return out


def position_split(position: int) -> str:
    """The split of the question (or stable fixture) at `position` (0-based, in load order):
    issue 51 tunes the ranking's defaults on the even positions and reports the odd ones."""
    return SPLITS[position % 2]


def split_sets(items: Sequence[Item]) -> dict[str, list[Item]]:
    """`all`, then each split that holds an item."""
    return harness_split_sets(items, position_split)


def by_date(items: Sequence[Item], ranked: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Each ranking with its top 10 re-sorted newest first (the rest after): a blanket
    recency boost, the counterfactual the stable facts are there to refuse."""
    at = {t.key: s.at for item in items for s in item.sessions for t in s.turns}
    out = {}
    for item in items:
        turns = list(ranked[item.qid])
        top = sorted(turns[:10], key=lambda key: at[key], reverse=True)
        out[item.qid] = [*top, *turns[10:]]
    return out


# -- scoring ----------------------------------------------------------------------------------


def score(item: Item, ranked_turns: Sequence[str]) -> Figures:
    """Every figure of one question from its ranked turn keys."""
    sessions = first_appearance([k.split("#", 1)[0] for k in ranked_turns])
    old, new = item.gold
    gold_turns = {t.key: t.session for t in item.turns if t.gold}
    old_turns = {k for k, s in gold_turns.items() if s == old}
    new_turns = {k for k, s in gold_turns.items() if s == new}
    out: Figures = {}
    for k in KS:
        top_s, top_t = set(sessions[:k]), set(ranked_turns[:k])
        out[f"session_any@{k}"] = float(bool(top_s & {old, new}))
        out[f"session_recall@{k}"] = len(top_s & {old, new}) / 2
        out[f"session_newest_first@{k}"] = float(newest_first(sessions, {old}, {new}, k))
        out[f"turn_any@{k}"] = float(bool(top_t & set(gold_turns)))
        out[f"turn_recall@{k}"] = len(top_t & set(gold_turns)) / max(1, len(gold_turns))
        out[f"turn_newest_first@{k}"] = float(newest_first(ranked_turns, old_turns, new_turns, k))
    return out


def mean_figure(items: Sequence[Item], ranked: Mapping[str, Sequence[str]], name: str) -> float:
    """`score`'s figure `name` averaged over `items` (unrounded; 0 for none)."""
    values = [score(item, ranked[item.qid])[name] for item in items]
    return statistics.fmean(values) if values else 0.0


def stale_figures(
    items: Sequence[Item], ranked: Mapping[str, Sequence[str]], k: int = 5
) -> Figures:
    """On the questions that ask for the current value (intent as recall reads it): the share
    with a gold turn of the older gold session in the top k turns (`stale_in_top5`, lower is
    better), and the share with one of the newer's (`current_in_top5`)."""
    current = [item for item in items if detect_intent(item.question) == "current"]
    stale = fresh = 0
    for item in current:
        old, new = item.gold
        top = set(ranked[item.qid][:k])
        gold = [t for t in item.turns if t.gold and t.key in top]
        stale += any(t.session == old for t in gold)
        fresh += any(t.session == new for t in gold)
    n = len(current)
    return {
        "current_questions": n,
        f"stale_in_top{k}": round(stale / n, 3) if n else None,
        f"current_in_top{k}": round(fresh / n, 3) if n else None,
    }


def split_figures(
    items: Sequence[Item],
    stable: Sequence[Item],
    runs: Mapping[str, SystemRun],
    kept: Mapping[str, SystemRun],
    legs: Sequence[str],
    fused: str = "retentia",
) -> Figures:
    """Per set (`all` and each split, of the questions and of the stable fixtures by position):
    each system's `SPLIT_FIGURES`, stale figures and stable fact@5, and the leg guard on
    `GUARD_FIGURE` — `fused` against the best of `legs` — on the questions and on the stable
    fixtures."""
    questions, facts = split_sets(items), split_sets(stable)
    out: Figures = {}
    for name in dict.fromkeys([*questions, *facts]):
        chosen, held = questions.get(name, []), facts.get(name, [])
        block: Figures = {"questions": len(chosen), "stable": len(held), "systems": {}}
        for system in runs:
            figures: Figures = {}
            if chosen:
                ranked = runs[system].ranked
                for figure in SPLIT_FIGURES:
                    figures[figure] = round(mean_figure(chosen, ranked, figure), 3)
                figures.update(stale_figures(chosen, ranked))
            if held and system in kept:
                figures["stable_fact@5"] = stable_figures(held, kept[system].ranked)["fact@5"]
            block["systems"][system] = figures
        if chosen:
            block["guard"] = leg_guard(
                mean_figure(chosen, runs[fused].ranked, GUARD_FIGURE),
                {leg: mean_figure(chosen, runs[leg].ranked, GUARD_FIGURE) for leg in legs},
            )
        if held:
            block["stable_guard"] = leg_guard(
                mean_figure(held, kept[fused].ranked, GUARD_FIGURE),
                {leg: mean_figure(held, kept[leg].ranked, GUARD_FIGURE) for leg in legs},
            )
        out[name] = block
    return out


def guards(splits: Mapping[str, Figures]) -> dict[str, Figures]:
    """Every leg guard of `split_figures`, by set: `all`, `tune` … then `stable all` …"""
    out = {name: block["guard"] for name, block in splits.items() if "guard" in block}
    out |= {
        f"stable {name}": block["stable_guard"]
        for name, block in splits.items()
        if "stable_guard" in block
    }
    return out


def guard_failures(splits: Mapping[str, Figures]) -> list[str]:
    """The sets whose leg guard fails."""
    return [name for name, guard in guards(splits).items() if not guard["holds"]]


def by_intent(items: Sequence[Item], run: SystemRun) -> dict[str, Figures]:
    """newest_first where the question asks for the current value, and its mirror, the older
    gold above the newer, where it asks for the earlier one (intent as recall reads it, not a
    label of the data set): the headline figure counts the second kind as misses. The mirror
    is `score` with the two gold sessions swapped. `all` (asked_first): every question, each
    by the value its intent asks for."""

    current = {item.qid: detect_intent(item.question) == "current" for item in items}

    def asked(item: Item) -> Item:
        return item if current[item.qid] else replace(item, gold=item.gold[::-1])

    groups = {
        "current": ("newest_first", [i for i in items if current[i.qid]]),
        "historical": ("older_first", [i for i in items if not current[i.qid]]),
        "all": ("asked_first", list(items)),
    }
    out: dict[str, Figures] = {}
    for intent, (name, chosen) in groups.items():
        scored = [score(asked(item), run.ranked[item.qid]) for item in chosen]
        if not scored:
            continue
        figures: Figures = {"questions": len(scored)}
        for k in (5, 10):
            for level in ("session", "turn"):
                mean = statistics.fmean(f[f"{level}_newest_first@{k}"] for f in scored)
                figures[f"{level}_{name}@{k}"] = round(mean, 3)
        out[intent] = figures
    return out


def figures(items: Sequence[Item], run: SystemRun) -> Figures:
    per = [score(item, run.ranked[item.qid]) for item in items]
    out: Figures = {name: round(statistics.fmean(p[name] for p in per), 3) for name in per[0]}
    if run.latencies_s:
        ms = sorted(x * 1000 for x in run.latencies_s)
        out["recall_p50_ms"] = round(statistics.median(ms), 1)
        out["recall_p95_ms"] = round(percentile(ms, 0.95, "floor_index"), 1)
    if run.ingest_s:
        out["ingest_per_s"] = round(run.ingested / run.ingest_s, 1)
        out["update_edges"] = run.update_edges
    out["questions"] = len(items)
    return out


# -- the field's units (the full set) --------------------------------------------------------


def session_of(key: str) -> str:
    """The session of a turn key (`<session id>#<index>`)."""
    return key.rsplit("#", 1)[0]


def field_scores(item: Item, ranked_turns: Sequence[str]) -> dict[str, dict[str, float] | None]:
    """One question's field figures at session level (its ranked turns collapsed to sessions
    in order of first appearance; gold: `answer_session_ids`) and at turn level (gold: the
    `has_answer` turns; `None` for a question without any, which turn level skips)."""
    gold_turns = {t.key for t in item.turns if t.gold}
    return {
        "session": unit_figures(collapse(ranked_turns, session_of), item.gold),
        "turn": unit_figures(ranked_turns, gold_turns) if gold_turns else None,
    }


def field_split(item: Item) -> str:
    """The split of a question of the full set: by its position among the file's answerable
    questions (issue 51's convention, whatever `--types` or `--questions` leave out)."""
    return position_split(item.position)


def field_timings(run: SystemRun) -> Figures:
    """Ingest rate and recall latency of `run`, over every question it answered."""
    out: Figures = {}
    if run.ingest_s:
        out["ingest_per_s"] = round(run.ingested / run.ingest_s, 1)
    if run.latencies_s:
        ms = sorted(x * 1000 for x in run.latencies_s)
        out["recall_p50_ms"] = round(statistics.median(ms), 1)
        out["recall_p95_ms"] = round(percentile(ms, 0.95, "floor_index"), 1)
    return out


def field_figures(items: Sequence[Item], runs: Mapping[str, SystemRun]) -> Figures:
    """Every field figure of every system in `runs`, by set (`all`, `tune`, `report`), by
    group (`overall`, then each question type present) and by level (`session`, `turn`),
    with the questions turn level skips (no `has_answer` turn) and each system's timings."""
    scored = {
        system: {item.qid: field_scores(item, run.ranked[item.qid]) for item in items}
        for system, run in runs.items()
    }
    types = [t for t in QUESTION_TYPES if any(i.qtype == t for i in items)]
    types += sorted({i.qtype for i in items} - set(types))
    sets: dict[str, list[Item]] = {"all": list(items)}
    for split in SPLITS:
        chosen = [item for item in items if field_split(item) == split]
        if chosen:
            sets[split] = chosen
    figures: Figures = {}
    for name, chosen in sets.items():
        groups = {"overall": chosen} | {t: [i for i in chosen if i.qtype == t] for t in types}
        figures[name] = {
            group: {
                level: {
                    system: mean_figures(
                        row for i in members if (row := scored[system][i.qid][level]) is not None
                    )
                    for system in runs
                }
                for level in LEVELS
            }
            for group, members in groups.items()
            if members
        }
    return {
        "questions": len(items),
        "by_type": {t: sum(i.qtype == t for i in items) for t in types},
        "turn_level_skipped": [i.qid for i in items if not any(t.gold for t in i.turns)],
        "asked_after_haystack": [i.qid for i in items if i.stated_at is not None],
        "depth": DEPTH,
        "timings": {system: field_timings(run) for system, run in runs.items()},
        "figures": figures,
    }


def field_guard(items: Sequence[Item], runs: Mapping[str, SystemRun]) -> dict[str, Figures]:
    """The leg guard (issue 51) on the full set and each split: `retentia_at10`'s turn
    recall@10 against the best single leg's, over the questions with gold turns."""
    out = {}
    turned = [i for i in items if any(t.gold for t in i.turns)]
    sets = {"all": turned} | {
        split: [i for i in turned if field_split(i) == split] for split in SPLITS
    }
    for name, chosen in sets.items():
        if not chosen:
            continue

        def recall10(system: str, chosen: list[Item] = chosen) -> float:
            rows = [field_scores(i, runs[system].ranked[i.qid])["turn"] for i in chosen]
            return statistics.fmean(row["recall@10"] for row in rows if row is not None)

        out[f"full {name}"] = leg_guard(
            recall10(FUSED_AT_10), {leg: recall10(leg) for leg in SINGLE_LEGS}
        )
    return out


def ablation_name(ablation: Ablation) -> str:
    """The name an ablation's run is reported under: `-leg:temporal`, …"""
    return f"-{ablation.name}"


def ablation_figures(
    items: Sequence[Item], runs: Mapping[str, SystemRun], names: Sequence[str]
) -> dict[str, dict[str, Figures]]:
    """Per set (`all`, `tune`, `report`): Retentia's `ABLATION_FIGURES` and each ablated
    run's (`names`), with its change against Retentia (negative: the signal was worth that)."""
    chosen = {"retentia": runs["retentia"]} | {n: runs[n] for n in names}
    whole = field_figures(items, chosen)["figures"]
    out: dict[str, dict[str, Figures]] = {}
    for name, groups in whole.items():
        levels = groups["overall"]
        base = {f"{lv} {f}": levels[lv]["retentia"].get(f) for lv, f in ABLATION_FIGURES}
        rows: dict[str, Figures] = {"retentia": base}
        for system in names:
            row: Figures = {}
            for lv, f in ABLATION_FIGURES:
                value, ref = levels[lv][system].get(f), base[f"{lv} {f}"]
                row[f"{lv} {f}"] = value
                if value is not None and ref is not None:
                    row[f"{lv} {f} delta"] = round(value - ref, 3)
            rows[system] = row
        out[name] = rows
    return out


def ablation_markdown(ablation: Mapping[str, Mapping[str, Figures]]) -> list[str]:
    """The ablation table: each signal off in turn, its figures and their change."""
    heads = [f"{lv} {f}" for lv, f in ABLATION_FIGURES]
    lines = [
        "",
        "### Ablation: each new signal off in turn",
        "",
        "The same questions with one signal off (`--ablate`: a leg or a ranking term on the same "
        "ingest, an engine setting on its own ingest); each cell is the figure and, in "
        "brackets, its change against the default composition.",
        "",
        *md_table(["set", "system", *heads], "ll" + "r" * len(heads)),
    ]
    for name, rows in ablation.items():
        for system, row in rows.items():
            cells = [
                fixed(row.get(h))
                + (f" ({row[h + ' delta']:+.3f})" if row.get(h + " delta") is not None else "")
                for h in heads
            ]
            lines.append(md_row([name, system, *cells]))
    return lines


def _pair(figures: Mapping[str, Figures], figure: str) -> str:
    """Retentia's figure, then BM25's: `0.912 / 0.850`."""
    values = [figures.get(system, {}).get(figure) for system in SYSTEMS]
    return " / ".join(fixed(v) for v in values)


def field_markdown(field: Mapping[str, Any]) -> list[str]:
    """The field-unit tables: session level and turn level, each set by group, Retentia and
    BM25 side by side; then every figure over the whole set; then the timings."""
    lines: list[str] = []
    for level, shown in (("session", FIELD_SESSION_HEADLINE), ("turn", FIELD_TURN_HEADLINE)):
        lines += [
            "",
            f"### {level.capitalize()} level (retentia / bm25)",
            "",
            *md_table(["set", "type", "questions", *shown], "llr" + "r" * len(shown)),
        ]
        for name, groups in field["figures"].items():
            for group, levels in groups.items():
                figures = levels[level]
                count = figures.get(SYSTEMS[0], {}).get("questions", 0)
                cells = [_pair(figures, f) for f in shown]
                lines.append(md_row([name, group, count, *cells]))
    whole = field["figures"]["all"]["overall"]
    everything = [
        *(f"{m}@{k}" for m in ("recall_any", "recall_all", "recall", "ndcg") for k in FIELD_KS),
        "mrr",
    ]
    systems = [s for s in whole["session"] if s in (*SYSTEMS, *SINGLE_LEGS, FUSED_AT_10)]
    heads = [f"{level} {system}" for level in LEVELS for system in systems]
    lines += [
        "",
        "### Every figure, all questions",
        "",
        "`retentia_at10` is the default composition asked for the top 10 (its @20 figures "
        "are those of the top 10); `fulltext_only` and `vector_only` are one leg alone with "
        "no ranking term, from the same ingest.",
        "",
        *md_table(["figure", *heads], "l" + "r" * len(heads)),
    ]
    for figure in everything:
        cells = [
            fixed(whole[level].get(system, {}).get(figure))
            for level in LEVELS
            for system in systems
        ]
        lines.append(md_row([figure, *cells]))
    lines += [
        "",
        *md_table("system | ingest memories/s | recall p50 ms | recall p95 ms", "lrrr"),
    ]
    for system in SYSTEMS:
        t = field["timings"].get(system, {})
        lines.append(
            md_row(
                [
                    system,
                    *(
                        t.get(key, EM_DASH)
                        for key in ("ingest_per_s", "recall_p50_ms", "recall_p95_ms")
                    ),
                ]
            )
        )
    skipped = field["turn_level_skipped"]
    lines += [
        "",
        f"Session level: the top {field['depth']} turns collapsed to their sessions in order of "
        "first appearance (so a session figure @k sees at most as many sessions as those turns "
        "hold). Turn level: gold turns are those with `has_answer`; "
        f"{len(skipped)} questions have none and are left out of it"
        + (f" ({', '.join(skipped)})" if skipped else "")
        + ". Retentia's recall latency excludes the query's embedding (vectors precomputed); "
        "BM25's ingest is building its index.",
        "",
        f"{len(field.get('asked_after_haystack', []))} questions are dated before part of "
        "their own haystack: a session later on the question's own day (never a later day). "
        "LongMemEval asks each question after its whole haystack, so recall runs as of the "
        "later of the question's date and its haystack's last session (before this was found, "
        "it ran as of the stated minute and could not see those sessions, while BM25, which "
        "has no clock, could).",
    ]
    return lines


# -- systems ----------------------------------------------------------------------------------


def run_bm25(items: Sequence[Item]) -> SystemRun:
    """BM25Okapi over each question's turns; ties keep haystack order."""
    from rank_bm25 import BM25Okapi

    run = SystemRun()
    for item in items:
        turns = item.turns
        t0 = time.perf_counter()
        index = BM25Okapi([bm25_tokens(t.content, BM25_STOPWORDS) for t in turns])
        built = time.perf_counter() - t0
        run.ingest_s += built
        run.ingested += len(turns)
        run.ingest_by_qid[item.qid] = (built, len(turns), 0)
        t0 = time.perf_counter()
        scores = index.get_scores(bm25_tokens(item.question, BM25_STOPWORDS))
        order = sorted(range(len(turns)), key=lambda i: (-scores[i], i))[:DEPTH]
        took = time.perf_counter() - t0
        run.latencies_s.append(took)
        run.latency_by_qid[item.qid] = took
        run.ranked[item.qid] = [turns[i].key for i in order]
    return run


async def run_retentia(
    items: Sequence[Item],
    embedder: PrimedEmbedder,
    settings: Settings,
    data_dir: Path,
    appendfsync: str,
    *,
    also_without_ranking: SystemRun | None = None,
    single_legs: Mapping[str, SystemRun] | None = None,
    ablated: Mapping[Ablation, SystemRun] | None = None,
) -> SystemRun:
    """Ingest and recall, one tenant a question, dropped once its recalls are done;
    `also_without_ranking` gets the same ingest's recall with the `updates` ranking term off
    (the ranking half of the ablation; knowledge-update questions only), each of `single_legs`
    (keyed as `GUARD_RANKINGS`) the same ingest's recall of that ranking (the leg guard), each
    of `ablated` the same ingest's recall with its leg or term off."""
    run = SystemRun()
    edges = 0
    config = FalkorConfig(
        data_dir=data_dir / "falkordb", appendfsync=appendfsync, startup_timeout_s=600
    )
    async with open_backend(config) as repo:
        clock = BenchClock()
        tenants = [item.tenant(n) for n, item in enumerate(items)]
        for tenant in tenants:
            await repo.drop_tenant(tenant)
        async with compose(
            settings, repo, embedder, tenants[0], clock=clock, ready=False
        ) as composed:
            uses, memories = composed.uses, composed.internals.memories
            for n, (item, tenant) in enumerate(zip(items, tenants, strict=True), 1):
                spent, made = await store_sessions(memories, tenant, item.sessions, clock)
                edges += made
                run.ingest_s += spent
                run.ingested += len(item.turns)
                run.ingest_by_qid[item.qid] = (spent, len(item.turns), made)
                clock.now = item.asked_at
                t0 = time.perf_counter()
                result = await uses.recall.recall(
                    tenant, RecallRequest(item.question, k=DEPTH, read_only=True)
                )
                took = time.perf_counter() - t0
                run.latencies_s.append(took)
                run.latency_by_qid[item.qid] = took
                run.ranked[item.qid] = [str(h.memory.metadata.get("turn")) for h in result.hits]
                if also_without_ranking is not None and item.qtype == KNOWLEDGE_UPDATE:
                    t0 = time.perf_counter()
                    plain = await uses.recall.recall(
                        tenant,
                        RecallRequest(
                            item.question,
                            k=DEPTH,
                            read_only=True,
                            terms=frozenset(TERMS) - {"updates"},
                        ),
                    )
                    took = time.perf_counter() - t0
                    also_without_ranking.latencies_s.append(took)
                    also_without_ranking.latency_by_qid[item.qid] = took
                    also_without_ranking.ranked[item.qid] = [
                        str(h.memory.metadata.get("turn")) for h in plain.hits
                    ]
                for leg, leg_run in (single_legs or {}).items():
                    t0 = time.perf_counter()
                    alone = await uses.recall.recall(
                        tenant, guard_request(leg, item.question, DEPTH)
                    )
                    took = time.perf_counter() - t0
                    leg_run.latencies_s.append(took)
                    leg_run.latency_by_qid[item.qid] = took
                    leg_run.ranked[item.qid] = [
                        str(h.memory.metadata.get("turn")) for h in alone.hits
                    ]
                for ablation, ablated_run in (ablated or {}).items():
                    t0 = time.perf_counter()
                    off = await uses.recall.recall(tenant, ablation.request(item.question, DEPTH))
                    took = time.perf_counter() - t0
                    ablated_run.latencies_s.append(took)
                    ablated_run.latency_by_qid[item.qid] = took
                    ablated_run.ranked[item.qid] = [
                        str(h.memory.metadata.get("turn")) for h in off.hits
                    ]
                # ~490 memories a question: 498 tenants at once would hold the whole set.
                await repo.drop_tenant(tenant)
                if n % PROGRESS_EVERY == 0 or n == len(items):
                    log(
                        f"  retentia {n}/{len(items)}: {run.ingested:,} turns stored "
                        f"({run.ingested / run.ingest_s:.0f}/s)"
                    )
    run.update_edges = edges
    return run


# -- the run ----------------------------------------------------------------------------------


async def run_systems(
    items: Sequence[Item],
    embedder: PrimedEmbedder,
    settings: Settings,
    data_dir: Path,
    args: argparse.Namespace,
) -> dict[str, SystemRun]:
    """BM25 and Retentia on `items`, and each ranking of the leg guard (the same ingest);
    with `--ablation`, also, on the knowledge-update questions, the updates ranking off (the
    same ingest) and update detection off (a second ingest of those questions only)."""
    runs = {"bm25": run_bm25(items)}
    if args.ablation:
        runs["retentia_ranking_off"] = SystemRun()
    legs = {leg: SystemRun() for leg in GUARD_RANKINGS}
    ablations: list[Ablation] = getattr(args, "ablate", None) or []
    same_ingest = {a: SystemRun() for a in ablations if not a.reingest}
    runs["retentia"] = await run_retentia(
        items,
        embedder,
        settings,
        data_dir,
        args.appendfsync,
        also_without_ranking=runs.get("retentia_ranking_off"),
        single_legs=legs,
        ablated=same_ingest,
    )
    runs |= legs
    runs |= {ablation_name(a): run for a, run in same_ingest.items()}
    for ablation in (a for a in ablations if a.reingest):
        log(f"retentia with {ablation.name}: ingest and recall")
        changed = settings.model_copy(update={"engine": ablation.settings(settings.engine)})
        runs[ablation_name(ablation)] = await run_retentia(
            items, embedder, changed, data_dir, args.appendfsync
        )
    updates = [item for item in items if item.qtype == KNOWLEDGE_UPDATE]
    if args.ablation and updates:
        log("retentia with update detection off: ingest and recall")
        off = settings.model_copy(
            update={"engine": settings.engine.model_copy(update={"update_detection": False})}
        )
        runs["retentia_detection_off"] = await run_retentia(
            updates, embedder, off, data_dir, args.appendfsync
        )
    return runs


def bench_texts(items: Sequence[Item]) -> list[str]:
    """What the run embeds: each question's turns, then the question, question by question (a
    cache filled half-way holds whole questions)."""
    return [text for item in items for text in (*(t.content for t in item.turns), item.question)]


async def run(args: argparse.Namespace, data_dir: Path) -> Figures:
    items = load_items(args.data, args.questions, args.types)
    if not items:
        raise SystemExit(f"no answerable question in {args.data} for the options given")
    updates = [item for item in items if item.qtype == KNOWLEDGE_UPDATE]
    stable = stable_items(STABLE_FIXTURES) if updates else []
    log(f"{len(items)} questions ({len(updates)} knowledge-update), "
        f"{sum(len(i.turns) for i in items):,} turns")  # fmt: skip
    settings = Settings(torch_threads=args.torch_threads)
    real = await load_embedder(settings)
    texts = bench_texts([*stable, *items])
    log(f"{real.name}: {len(set(texts)):,} distinct texts to embed (or read from the cache)")
    t0 = time.perf_counter()
    vectors = await embed_all(real, texts, args.vector_cache)
    embedding_s = time.perf_counter() - t0
    asked = await query_vectors(real, [i.question for i in [*stable, *items]], args.vector_cache)
    embedder = PrimedEmbedder(real, vectors, queries=asked)
    log("retentia: ingest and recall")
    runs = await run_systems(items, embedder, settings, data_dir, args)
    field = field_figures(items, {name: runs[name] for name in (*SYSTEMS, *GUARD_RANKINGS)})
    field["guard"] = field_guard(items, runs)
    ablations: list[Ablation] = args.ablate or []
    if ablations:
        field["ablation"] = ablation_figures(items, runs, [ablation_name(a) for a in ablations])
    report: Figures = {
        "field": field,
        "field_per_question": {
            item.qid: {
                "type": item.qtype,
                "split": field_split(item),
                "gold_sessions": list(item.gold),
            }
            | {
                name: {
                    "session_mrr": round(scored["session"]["mrr"], 3),  # type: ignore[index]
                    "turn_mrr": None if scored["turn"] is None else round(scored["turn"]["mrr"], 3),
                    "top_sessions": collapse(runs[name].ranked[item.qid], session_of)[:3],
                }
                for name in SYSTEMS
                if (scored := field_scores(item, runs[name].ranked[item.qid]))
            }
            for item in items
        },
    }
    meta = run_stamp() | client_figures() | {
        "data": str(args.data),
        "types": sorted(args.types) if args.types else "all",
        "questions_limit": args.questions,
        "embedder": real.name,
        "embedding_s": round(embedding_s, 1),
        "embedder_misses": embedder.misses,
    }  # fmt: skip
    if updates:
        report |= await update_view(updates, stable, runs, embedder, settings, data_dir, args)
        meta |= report.pop("update_meta")
    report["meta"] = meta | run_stamp()
    return report


async def update_view(
    items: Sequence[Item],
    stable: Sequence[Item],
    whole: Mapping[str, SystemRun],
    embedder: PrimedEmbedder,
    settings: Settings,
    data_dir: Path,
    args: argparse.Namespace,
) -> Figures:
    """The knowledge-update figures (issue 25, 51) on that subset's questions, from the full
    run's rankings, and the stable fixtures (their own ingest)."""
    qids = {item.qid for item in items}
    runs = {name: run.view(qids) for name, run in whole.items()}
    names: tuple[str, ...] = (*SYSTEMS, *ABLATION) if args.ablation else SYSTEMS
    log(f"stable facts: {len(stable)} fixtures")
    kept = await run_systems(stable, embedder, settings, data_dir, args)
    stable_report = {name: stable_figures(stable, kept[name].ranked) for name in names}
    resorted = SystemRun(ranked=by_date(items, runs["retentia"].ranked))
    stable_report[RESORTED] = stable_figures(stable, by_date(stable, kept["retentia"].ranked))
    stable_report[RESORTED]["dev_set"] = figures(items, resorted)
    systems = {
        name: figures(items, runs[name])
        | stale_figures(items, runs[name].ranked)
        | {"by_intent": by_intent(items, runs[name])}
        for name in names
    }
    splits = split_figures(
        items,
        stable,
        {name: runs[name] for name in (*names, *GUARD_RANKINGS)},
        kept,
        list(SINGLE_LEGS),
        fused=FUSED_AT_10,
    )
    historical = [i.qid for i in items if detect_intent(i.question) != "current"]
    # Questions the file dates before part of their own haystack: recall ran as of the haystack's
    # last session instead (`longmemeval_data._item`).
    moved = [i.qid for i in items if i.stated_at is not None]
    per_question = {
        item.qid: {
            name: {
                **{
                    key: value
                    for key, value in score(item, runs[name].ranked[item.qid]).items()
                    if key in ("session_newest_first@5", "turn_newest_first@5")
                },
                "top_sessions": collapse(runs[name].ranked[item.qid], session_of)[:5],
                "top_turns": runs[name].ranked[item.qid][:5],
            }
            for name in names
        }
        | {
            "gold_older_newer": list(item.gold),
            "gold_turns": sorted(t.key for t in item.turns if t.gold),
            "question": item.question,
            "intent": str(detect_intent(item.question)),
        }
        for item in items
    }
    return {
        "systems": systems,
        "splits": splits,
        "per_question": per_question,
        "stable": stable_report,
        "update_meta": {"historical_questions": historical, "asked_after_haystack": moved},
    }


def markdown(report: Mapping[str, Any]) -> str:
    meta, field = report["meta"], report["field"]
    types = ", ".join(f"{t} {n}" for t, n in field["by_type"].items())
    lines = [
        "# LongMemEval-S",
        "",
        f"Commit `{meta['commit']}`, {meta['date']}, {meta['cpus']} CPUs; "
        f"{field['questions']} answerable questions ({types})"
        + (
            f" — only the first {meta['questions_limit']} (`--questions`), not the whole set"
            if meta.get("questions_limit")
            else ""
        )
        + f", embedder `{meta['embedder']}`; "
        "offline protocol of `../shared/bench/README.md`. Regenerate with "
        "`python -m bench.longmemeval --vector-cache FILE --ablation`; "
        "how each figure is computed: bench/methods.md.",
        "",
        "## The field's units",
        "",
        "Per question, then averaged: recall_any@k (a gold unit in the top k), recall_all@k "
        "(every gold unit in the top k), recall@k (the share of gold units in the top k), "
        "NDCG@k (binary relevance) and MRR; `all`, and the splits of issue 51 (answerable "
        "questions at even positions in the file are `tune`, odd ones `report`). Each cell is "
        "Retentia's default composition / BM25Okapi over the same turns, in the same run.",
        *field_markdown(field),
        "",
        "Leg guard on the full set (turn recall@10 of `retentia_at10` against its best single "
        "leg, over the questions with gold turns):",
        "",
        GUARD_HEADER,
        *(guard_line(name, guard) for name, guard in field["guard"].items()),
        "",
    ]
    if field.get("ablation"):
        lines += [*ablation_markdown(field["ablation"]), ""]
    if "systems" in report:
        lines += update_markdown(report)
    return "\n".join(lines)


def update_markdown(report: Mapping[str, Any]) -> list[str]:
    """The knowledge-update view: newest first, stale in the top 5, the stable fixtures, the
    splits and the leg guard, the ablation and the timings, on that subset's questions."""
    systems = report["systems"]
    meta = report["meta"]
    names = [n for n in (*SYSTEMS, *ABLATION) if n in systems]
    lines = [
        "## Knowledge-update view: current over stale",
        "",
        f"The {systems[names[0]]['questions']} answerable knowledge-update questions of the same "
        "run (the figures of `longmemeval_s_knowledge_update.json`, issue 25).",
        "",
        *md_table(f"system | level | {' | '.join(LEVEL_FIGURES)}", "ll" + "r" * len(LEVEL_FIGURES)),
    ]
    for name in names:
        for level in ("session", "turn"):
            cells = [fixed(systems[name][f"{level}_{figure}"]) for figure in LEVEL_FIGURES]
            lines.append(md_row([name, level, *cells]))
    lines += [
        "",
        f"Target (issue 25): newest_first ≥ {TARGET_NEWEST_FIRST} at both levels with "
        f"recall_any@10 ≥ {TARGET_RECALL_ANY_10}. The README measured newest_first "
        + ", ".join(f"{n} {s} (sessions) / {t} (turns)" for n, (s, t) in README_FIGURES.items())
        + ".",
        "",
        f"{len(meta.get('historical_questions', []))} questions read as historical intent "
        f"(they ask for the earlier value; newest_first counts them as misses): "
        f"{', '.join(meta.get('historical_questions', [])) or 'none'}.",
        "",
        f"{len(meta.get('asked_after_haystack', []))} questions are dated before part of their "
        "own haystack (a session later the same day); recall ran as of that haystack's last "
        f"session: {', '.join(meta.get('asked_after_haystack', [])) or 'none'}.",
        "",
        "By the intent recall reads in the question (current: the newer gold first; "
        "historical: the older first, which is what those questions ask for; all: every "
        "question by the value its intent asks for):",
        "",
        *md_table(
            "system | intent | questions | session @5 | session @10 | turn @5 | turn @10", "llrrrrr"
        ),
    ]
    for name in names:
        for intent, f in systems[name].get("by_intent", {}).items():
            what = {"current": "newest_first", "historical": "older_first"}.get(
                intent, "asked_first"
            )
            cells = [
                fixed(f[f"{level}_{what}@{k}"]) for level in ("session", "turn") for k in (5, 10)
            ]
            lines.append(md_row([name, f"{intent} ({what})", f["questions"], *cells]))
    stable = report.get("stable", {})
    if stable:
        first = next(iter(stable.values()))
        lines += [
            "",
            f"Stable facts (`bench/fixtures/stable_facts.json`, {first['questions']} fixtures): "
            "each stated once, then a year of chatter — counts that change, and in the last "
            "sessions turns sharing the question's words — and the question a year after. "
            "The share whose fact turn ranks first, in the top 5 and the top 10; the last row "
            "re-sorts Retentia's top 10 newest first (a blanket recency boost) and gives its "
            "LongMemEval newest_first@5 beside:",
            "",
            *md_table(
                "system | fact@1 | fact@5 | fact@10 | not first | "
                "LongMemEval newest_first@5 (sessions / turns)",
                "lrrrll",
            ),
        ]
        for name, f in stable.items():
            dev = systems.get(name) or f.get("dev_set", {})
            newest = (
                f"{dev['session_newest_first@5']:.3f} / {dev['turn_newest_first@5']:.3f}"
                if dev
                else "—"
            )
            missed = ", ".join(q.removeprefix("stable-") for q in f["missed_first"]) or "—"
            facts = [fixed(f[f"fact@{k}"]) for k in (1, 5, 10)]
            lines.append(md_row([name, *facts, missed, newest]))
    if report.get("splits"):
        lines += _splits_section(report["splits"])
    lines += [
        "",
        *md_table(
            "system | ingest memories/s | update edges | recall p50 ms | recall p95 ms", "lrrrr"
        ),
    ]
    for name in names:
        speed = ("ingest_per_s", "update_edges", "recall_p50_ms", "recall_p95_ms")
        lines.append(md_row([name, *(systems[name].get(key, EM_DASH) for key in speed)]))
    lines += [
        "",
        "Retentia's recall excludes the embedder (the vectors are computed once, before the "
        "run); BM25's ingest is building its index. Total wall time "
        f"{meta['total_wall_s']} s (embedding {meta['embedding_s']} s of it).",
        "",
    ]
    return lines


def _splits_section(splits: Mapping[str, Figures]) -> list[str]:
    first = splits["all"]
    legs = list(next(iter(guards(splits).values()))["legs"])
    heads = [f.replace("_", " ", 1) for f in SPLIT_FIGURES]  # "session_any@10": "session any@10"
    heads += ["stale_in_top5", "current_in_top5", "stable", "stable fact@5"]
    lines = [
        "",
        "### Splits and the leg guard",
        "",
        "Issue 51: questions at even positions (0, 2, 4 … in file order) are `tune`, odd ones "
        "`report`, the stable fixtures likewise; ranking defaults are tuned on the first and "
        "reported on the second. stale_in_top5 / current_in_top5: on the questions asking for "
        "the current value, a gold turn of the older (newer) gold session is in the top 5 "
        "turns (stale: lower is better). The single legs ("
        + ", ".join(f"`{leg}`" for leg in legs)
        + ") are one leg with no ranking term, recalled from the same ingest.",
        "",
        *md_table(["set", "system", "questions", *heads], "llr" + "r" * len(heads)),
    ]
    for name, block in splits.items():
        for system, f in block["systems"].items():
            shown = (*SPLIT_FIGURES, "stale_in_top5", "current_in_top5")
            cells = [*(fixed(f.get(figure)) for figure in shown), block["stable"]]
            lines.append(
                md_row([name, system, block["questions"], *cells, fixed(f.get("stable_fact@5"))])
            )
    lines += [
        "",
        "The guard: Retentia's turn recall@10, asked for the top 10 (`retentia_at10`), at "
        "least that of its best single leg, on the "
        f"{first['questions']} questions and on the {first['stable']} stable fixtures (there "
        "it is fact@10).",
        "",
        GUARD_HEADER,
        *(guard_line(name, guard) for name, guard in guards(splits).items()),
    ]
    return lines


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument(
        "--data",
        type=Path,
        default=LONGMEMEVAL_FULL,
        help="longmemeval_s.json.gz (default), or the knowledge-update file",
    )
    p.add_argument("--questions", type=int, help="only the first N answerable questions")
    p.add_argument(
        "--types",
        type=lambda text: frozenset(t.strip() for t in text.split(",") if t.strip()),
        help=f"only these question types, comma-separated ({', '.join(QUESTION_TYPES)})",
    )
    p.add_argument(
        "--vector-cache",
        type=Path,
        help="an .npz of vectors reused across runs, per embedder (saved as it fills)",
    )
    p.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)
    p.add_argument(
        "--ablation",
        action="store_true",
        help="also the update ranking off (same ingest) and update detection off (a second)",
    )
    p.add_argument(
        "--ablate",
        type=_ablations,
        help="signals to switch off in turn on the whole set, comma-separated: leg:NAME, "
        "term:NAME, setting:NAME=VALUE (default with --ablation: "
        + ", ".join(NEW_SIGNALS)
        + ", those the tree knows)",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when the leg guard fails on the whole set or a split (issue 51)",
    )
    add_run_options(p, "longmemeval", appendfsync="everysec")
    args = p.parse_args(argv)
    if args.questions is not None and args.questions < 1:
        p.error("--questions must be at least 1")
    if args.ablate is None:
        args.ablate = default_ablations() if args.ablation else []
    return args


def _ablations(text: str) -> list[Ablation]:
    try:
        return parse_ablations(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e


def default_ablations() -> list[Ablation]:
    """`NEW_SIGNALS` that name a leg, term or setting the tree has."""
    known = []
    for spec in NEW_SIGNALS:
        try:
            known.append(parse_ablation(spec))
        except ValueError:
            continue  # a signal another change adds; not in this tree
    return known


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    with data_directory(args.data_dir, "retentia-longmemeval-") as data_dir:
        report = asyncio.run(run(args, data_dir))
    table = markdown(report)
    headline = {"field": report["field"], "knowledge_update": report.get("systems", {})}
    details = {k: v for k, v in report.items() if k not in ("systems", "field")}
    write_report(
        args.out,
        "longmemeval",
        headline,
        table,
        {"-details.json": json.dumps(details, indent=2, ensure_ascii=False) + "\n"},
    )
    print(table)
    failed = guard_failures(report.get("splits", {}))
    failed += [name for name, guard in report["field"]["guard"].items() if not guard["holds"]]
    if failed:
        log(f"leg guard fails on: {', '.join(failed)}")
        if args.check:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
