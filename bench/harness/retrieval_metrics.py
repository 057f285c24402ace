"""The retrieval figures the field reports (LongMemEval, LoCoMo, BEIR): over a ranked list of
units (turns, or sessions collapsed from them) and the set of gold units, each a share in
[0, 1] per question, averaged over questions by the caller.

- recall_any@k: 1 when a gold unit is in the top k (what LongMemEval's papers call recall@k);
- recall_all@k: 1 when every gold unit is in the top k;
- recall@k: the share of the gold units in the top k;
- NDCG@k with binary relevance: DCG = Σ 1/log2(rank + 1) over the gold units in the top k
  (rank from 1), over the ideal DCG — every gold unit first, as many as fit in k;
- MRR: 1/rank of the first gold unit in the list, 0 when none is in it (the list is as deep as
  the system was asked for, so this is MRR at that depth).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Final

#: The cut-offs LongMemEval-S is reported at.
FIELD_KS: Final = (1, 5, 10, 20)


def first_appearance(keys: Iterable[str]) -> list[str]:
    """`keys` without repeats, each where it first appears."""
    return list(dict.fromkeys(keys))


def collapse(ranked: Sequence[str], unit_of: Callable[[str], str]) -> list[str]:
    """A ranking of turns as a ranking of their units (sessions), in order of first
    appearance: a session ranks where its best turn does."""
    return first_appearance(unit_of(key) for key in ranked)


def _check(gold: Collection[str]) -> None:
    if not gold:
        raise ValueError("a figure over no gold units is undefined: skip the question")


def recall_any(ranked: Sequence[str], gold: Collection[str], k: int) -> float:
    _check(gold)
    return float(any(key in gold for key in ranked[:k]))


def recall_all(ranked: Sequence[str], gold: Collection[str], k: int) -> float:
    _check(gold)
    return float(set(gold) <= set(ranked[:k]))


def recall_at(ranked: Sequence[str], gold: Collection[str], k: int) -> float:
    _check(gold)
    return len(set(gold) & set(ranked[:k])) / len(set(gold))


def ndcg(ranked: Sequence[str], gold: Collection[str], k: int) -> float:
    _check(gold)
    dcg = sum(1 / math.log2(i + 2) for i, key in enumerate(ranked[:k]) if key in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, len(set(gold)))))
    return dcg / ideal


def reciprocal_rank(ranked: Sequence[str], gold: Collection[str]) -> float:
    _check(gold)
    return next((1 / (i + 1) for i, key in enumerate(ranked) if key in gold), 0.0)


def unit_figures(
    ranked: Sequence[str], gold: Collection[str], ks: Sequence[int] = FIELD_KS
) -> dict[str, float]:
    """Every figure of one question: `recall_any@k`, `recall_all@k`, `recall@k`, `ndcg@k`
    for each k, then `mrr`. Repeated keys in `ranked` count once, where they first appear."""
    ranked = first_appearance(ranked)
    gold = set(gold)
    out: dict[str, float] = {}
    for k in ks:
        out[f"recall_any@{k}"] = recall_any(ranked, gold, k)
        out[f"recall_all@{k}"] = recall_all(ranked, gold, k)
        out[f"recall@{k}"] = recall_at(ranked, gold, k)
        out[f"ndcg@{k}"] = ndcg(ranked, gold, k)
    out["mrr"] = reciprocal_rank(ranked, gold)
    return out


def mean_figures(per_question: Iterable[Mapping[str, float]], digits: int = 3) -> dict[str, float]:
    """Each figure averaged over the questions (rounded), with `questions`: how many."""
    rows = list(per_question)
    if not rows:
        return {"questions": 0}
    out = {name: round(sum(r[name] for r in rows) / len(rows), digits) for name in rows[0]}
    return out | {"questions": len(rows)}
