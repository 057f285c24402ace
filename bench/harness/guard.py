"""The fused ranking against its own legs (issue 51): on every bench set, Retentia's recall@10
is at least that of its best single leg — the full-text leg alone and the vector leg alone, each
its own ranking with no term — so no ranking term can sink what plain search finds.

A bench recalls each question as a caller asking for the top 10 does (`FUSED_AT_10`: every leg
and term, k = 10 — the updates ranking sinks a stale memory within the k asked for, never out
of it, so a top 10 cut from a longer list is not what a caller gets) and with each of
`SINGLE_LEGS` alone, computes its recall@10 figure for each, and reports `leg_guard(...)`;
`--check` makes the bench exit 1 when the guard fails (a bench check, not a test: the data
sets are not in CI).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from service.usecases.recall import RecallRequest

#: The single-leg rankings the fused one is held against: (leg, RecallRequest legs).
SINGLE_LEGS: Final[dict[str, frozenset[str]]] = {
    "fulltext_only": frozenset({"fulltext"}),
    "vector_only": frozenset({"vector"}),
}


#: The fused ranking the guard holds against the legs: every leg and term, k = 10.
FUSED_AT_10: Final = "retentia_at10"
#: Every ranking the guard reads, `FUSED_AT_10` first.
GUARD_RANKINGS: Final = (FUSED_AT_10, *SINGLE_LEGS)


def guard_request(name: str, query: str, depth: int) -> RecallRequest:
    """The read-only recall of `query` that ranking `name` of `GUARD_RANKINGS` is: the fused
    one for the top 10, or one leg alone, with no ranking term, for the top `depth`."""
    if name == FUSED_AT_10:
        return RecallRequest(query, k=10, read_only=True)
    return RecallRequest(query, k=depth, read_only=True, legs=SINGLE_LEGS[name], terms=frozenset())


def leg_guard(fused: float, legs: Mapping[str, float], tolerance: float = 0.0) -> dict[str, Any]:
    """Whether `fused` (a recall figure of the full ranking) is at least the best of `legs`
    (the same figure of each single-leg ranking) less `tolerance`."""
    best = max(legs, key=lambda name: legs[name])
    return {
        "fused": round(fused, 3),
        "best_leg": best,
        "best_leg_value": round(legs[best], 3),
        "legs": {name: round(value, 3) for name, value in legs.items()},
        "margin": round(fused - legs[best], 3),
        "holds": fused >= legs[best] - tolerance,
    }


def guard_line(name: str, guard: Mapping[str, Any]) -> str:
    """One Markdown table row: set, fused, best leg, margin, verdict."""
    verdict = "holds" if guard["holds"] else "**fails**"
    return (
        f"| {name} | {guard['fused']:.3f} | {guard['best_leg']} {guard['best_leg_value']:.3f} | "
        f"{guard['margin']:+.3f} | {verdict} |"
    )


GUARD_HEADER: Final = (
    "| set | fused R@10 | best single leg R@10 | margin | guard |\n|---|---:|---:|---:|---|"
)


#: The two halves of every set: defaults are tuned on the first, reported on the second.
SPLITS: Final = ("tune", "report")
T = TypeVar("T")


def split_sets(items: Sequence[T], split_of: Callable[[int], str]) -> dict[str, list[T]]:
    """`all`, then each split that holds an item (`split_of`: an item's split by position)."""
    sets: dict[str, list[T]] = {"all": list(items)}
    for split in SPLITS:
        chosen = [item for n, item in enumerate(items) if split_of(n) == split]
        if chosen:
            sets[split] = chosen
    return sets
