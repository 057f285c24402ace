"""Offline update detection (issue 25, docs/adr/0027): precision on a labelled sample, the
false-update rate on LoCoMo's ordinary turns, and how many LongMemEval-S knowledge-update
questions get their gold update found. The detector alone, no database: fast.

    python -m bench.updates [--out DIR]

1. Precision / recall on `bench/fixtures/update_pairs.json` (labelled candidate pairs; how
   each was labelled is in the file).
2. False-update rate on LoCoMo: every turn is compared with every earlier turn of its
   conversation that shares at least two content words with one of its statements (a
   superset of what the write path compares: its full-text top 10 and vector top 10); the
   share of turns that would get an update edge. LoCoMo's conversations restate little, so
   nearly every detection there is a false update.
3. LongMemEval-S: the same over each haystack (in time order); a question counts when an
   update edge joins a gold turn of the newer gold session to one of the older.
4. Number-heavy conversations (issue 51, `bench/harness/numbers_data.py`): the same over each
   generated conversation of the tune and the report family; an edge is true when it joins two
   user turns of one slot holding different values, an update (a slot's value and the one
   after it) is found when an edge joins a turn of the newer value to one of the older.

Writes `<out>/updates.json` and `<out>/updates.md`.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from bench.harness.locomo_data import load_locomo
from bench.harness.longmemeval_data import load_items
from bench.harness.numbers_data import FAMILIES, SEEDS, conversations, true_updates, value_changes
from bench.harness.options import LOCOMO_DATA, LONGMEMEVAL_DATA, add_out
from bench.harness.reports import fixed, md_table, write_report
from bench.harness.run import log, run_stamp
from service.engine.updates import (
    MIN_SHARED_OWN,
    UpdateKind,
    compare,
    detect_updates,
    searchable,
    statements,
)

FIXTURE: Final = Path(__file__).resolve().parent / "fixtures" / "update_pairs.json"
#: Generated number-heavy conversations per family.
NUMBER_CONVERSATIONS: Final = 10
#: False edges kept in the JSON per family, for reading.
FALSE_EXAMPLES: Final = 8


def detections(turns: Sequence[str]) -> list[tuple[int, int, UpdateKind]]:
    """(new, old, kind) for every turn against the earlier turns sharing ≥ `MIN_SHARED_OWN`
    words with one of its searchable statements."""
    said = [statements(t) for t in turns]
    index: dict[str, set[int]] = defaultdict(set)
    out: list[tuple[int, int, UpdateKind]] = []
    for i, text in enumerate(turns):
        new = searchable(text)
        if new:
            shared: dict[int, int] = defaultdict(int)
            for s in new:
                for word in s.keys:
                    for j in index[word]:
                        shared[j] += 1
            for j, n in sorted(shared.items()):
                if n < MIN_SHARED_OWN:
                    continue
                found = next(
                    (f for o in said[j] for s in new if (f := compare(s, o)) is not None), None
                )
                if found is not None:
                    out.append((i, j, found[0]))
        for s in said[i]:
            for word in s.keys:
                index[word].add(i)
    return out


def fixture_figures() -> dict[str, Any]:
    pairs = json.loads(FIXTURE.read_text())["pairs"]
    tp = fp = fn = tn = 0
    for p in pairs:
        found = bool(detect_updates(searchable(p["new"]), [("old", p["old"])]))
        if found and p["update"]:
            tp += 1
        elif found:
            fp += 1
        elif p["update"]:
            fn += 1
        else:
            tn += 1
    return {
        "pairs": len(pairs),
        "labelled_updates": tp + fn,
        "detected": tp + fp,
        "precision": round(tp / max(1, tp + fp), 3),
        "recall": round(tp / max(1, tp + fn), 3),
        "true_negatives": tn,
    }


def locomo_figures() -> dict[str, Any]:
    conversations, _ = load_locomo(LOCOMO_DATA, None, None)
    turns_total = 0
    found = 0
    kinds: dict[str, int] = defaultdict(int)
    for conversation in conversations:
        turns = [t.content for t in conversation.turns]
        turns_total += len(turns)
        hits = detections(turns)
        found += len({i for i, _, _ in hits})
        for _, _, kind in hits:
            kinds[kind] += 1
    return {
        "turns": turns_total,
        "turns_with_an_update": found,
        "false_update_rate_pct": round(100 * found / turns_total, 3),
        "by_kind": dict(kinds),
    }


def longmemeval_figures() -> dict[str, Any]:
    items = load_items(LONGMEMEVAL_DATA, None)
    questions = gold_found = turns_total = flagged = 0
    for item in items:
        questions += 1
        turns = [t.content for t in item.turns]
        meta = [(t.session, t.gold) for t in item.turns]
        turns_total += len(turns)
        hits = detections(turns)
        flagged += len({i for i, _, _ in hits})
        if any(meta[i][1] and meta[j][1] and meta[i][0] != meta[j][0] for i, j, _ in hits):
            gold_found += 1
    return {
        "questions": questions,
        "gold_update_found": gold_found,
        "gold_update_found_share": round(gold_found / questions, 3),
        "turns": turns_total,
        "turns_with_an_update_pct": round(100 * flagged / turns_total, 3),
    }


def numbers_family(name: str) -> dict[str, Any]:
    """The detector over one family's generated conversations, scored against their labels."""
    convs = conversations(name, NUMBER_CONVERSATIONS, SEEDS[name])
    turns_total = edges = true_edges = 0
    flagged: set[str] = set()
    found = total = dates_found = dates_total = 0
    kinds: dict[str, int] = defaultdict(int)
    false: list[dict[str, str]] = []
    for conv in convs:
        turns = conv.turns
        turns_total += len(turns)
        truth = true_updates(conv)
        found_edges = detections([t.content for t in turns])
        hits = {(turns[i].key, turns[j].key) for i, j, _ in found_edges}
        edges += len(hits)
        true_edges += len(hits & truth)
        flagged |= {new for new, _ in hits}
        for i, j, kind in found_edges:
            kinds[kind] += 1
            if (turns[i].key, turns[j].key) not in truth and len(false) < FALSE_EXAMPLES:
                false.append({"new": turns[i].content, "old": turns[j].content})
        for change in value_changes(conv):
            hit = any(new in change.newer and old in change.older for new, old in hits)
            found += hit
            total += 1
            if change.value_kind == "date":
                dates_found += hit
                dates_total += 1
    return {
        "conversations": len(convs),
        "seed": SEEDS[name],
        "turns": turns_total,
        "edges": edges,
        "edges_per_turn": round(edges / turns_total, 3),
        "turns_with_an_edge_pct": round(100 * len(flagged) / turns_total, 2),
        "precision": round(true_edges / edges, 3) if edges else None,
        "true_edges": true_edges,
        "updates": total,
        "updates_found": found,
        "recall": round(found / max(1, total), 3),
        "date_updates": dates_total,
        "date_updates_found": dates_found,
        "by_kind": dict(kinds),
        "false_edges_sample": false,
    }


def numbers_figures() -> dict[str, Any]:
    return {name: numbers_family(name) for name in FAMILIES}


def numbers_markdown(figures: dict[str, Any]) -> list[str]:
    lines = [
        "Number-heavy conversations (issue 51, `bench/harness/numbers_data.py`, "
        f"{NUMBER_CONVERSATIONS} a family): a user states ~14 numbers (budgets, targets, "
        "deadlines …), updates about a third of them and restates some, among events and small "
        "talk with numbers of their own. An edge is true when it joins two turns of one slot "
        "holding different values; recall counts each change of a slot's value found.",
        "",
        *md_table(
            "family | turns | edges | edges per turn | turns with an edge | precision | recall | "
            "date updates found",
            "lrrrrrrr",
        ),
    ]
    for name, f in figures.items():
        precision = fixed(f["precision"])
        lines.append(
            f"| {name} | {f['turns']:,} | {f['edges']} | {f['edges_per_turn']:.3f} "
            f"| {f['turns_with_an_edge_pct']:.2f} % | {precision} "
            f"| {f['recall']:.3f} ({f['updates_found']} of {f['updates']}) "
            f"| {f['date_updates_found']} of {f['date_updates']} |"
        )
    return [*lines, ""]


def markdown(figures: dict[str, Any]) -> str:
    f, lo, lme = figures["fixture"], figures["locomo"], figures["longmemeval"]
    return "\n".join(
        [
            "# Offline update detection",
            "",
            f"Commit `{figures['meta']['commit']}`, {figures['meta']['date']}. "
            "Regenerate with `python -m bench.updates`.",
            "",
            *md_table("measure | value", "lr"),
            f"| labelled pairs (`bench/fixtures/update_pairs.json`) | {f['pairs']} "
            f"({f['labelled_updates']} updates) |",
            f"| precision on the labelled pairs | {f['precision']:.3f} ({f['detected']} "
            "detected) |",
            f"| recall on the labelled pairs | {f['recall']:.3f} |",
            f"| LoCoMo turns that get an update edge (false-update rate) | "
            f"{lo['turns_with_an_update']} of {lo['turns']:,} = "
            f"{lo['false_update_rate_pct']:.3f} % |",
            f"| LongMemEval-S questions whose gold update is found | "
            f"{lme['gold_update_found']} of {lme['questions']} "
            f"({lme['gold_update_found_share']:.3f}) |",
            f"| LongMemEval-S turns that get an update edge | "
            f"{lme['turns_with_an_update_pct']:.3f} % of {lme['turns']:,} |",
            "",
            "The labelled sample holds the detector's own positives (50 drawn at random from "
            "its other detections on the LongMemEval-S haystacks, judged by hand), so its "
            "precision is that of what the detector flags there; LoCoMo's detections are "
            "compared against every earlier turn of the conversation sharing two words, a "
            "superset of the write path's candidates.",
            "",
            *numbers_markdown(figures["numbers"]),
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add_out(p, "updates")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    figures: dict[str, Any] = {"fixture": fixture_figures()}
    log(f"fixture: {figures['fixture']}")
    figures["locomo"] = locomo_figures()
    log(f"locomo: {figures['locomo']}")
    figures["longmemeval"] = longmemeval_figures()
    log(f"longmemeval: {figures['longmemeval']}")
    figures["numbers"] = numbers_figures()
    for name, f in figures["numbers"].items():
        log(f"numbers {name}: " + str({k: v for k, v in f.items() if k != "false_edges_sample"}))
    figures["meta"] = run_stamp() | {"total_wall_s": round(time.perf_counter() - t0, 1)}
    table = markdown(figures)
    write_report(args.out, "updates", figures, table, {})
    print(table)


if __name__ == "__main__":
    main()
