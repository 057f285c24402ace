"""A memory a later one updates (SUPERSEDES) ranks below its update (docs/design.md §7, issue 51).

For current intent: a detected update (the update detector's edge) is evidence too weak to
remove anything: the update moves to just above the stale memory, which keeps its score, and
then the stale one sinks to the bottom of the top k, never out of it. A written update (amend,
the fact layer) demotes: the stale memory keeps 1 − c × (1 − `recall_updated_factor`) of its
score (c: the edge's weight), the update takes its score if that is higher — brought in from
outside the candidates when only the stale one matched — and the turns around the stale one in
its session (`rings`), which the window and neighbour legs lifted for its sake, are demoted with
it. Memories nobody updated, and the turns around them, keep their score: a stable fact stated
once is never demoted. Historical intent is the mirror: it asks for an earlier value, so the
current one — an update no candidate updated in turn — ranks below what it updated."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Final

from schema import EdgeCreator, EdgeType, MemoryEdge
from service.engine.query import Intent
from service.engine.ranker.model import Candidate, Gathered, Ranking, Relations, Rings

#: How far above a memory one detected to update it is placed (relative to its score).
_ABOVE: Final = 1e-9


def in_reach(
    candidates: Sequence[Candidate], gathered: Gathered, relations: Relations, ranking: Ranking
) -> tuple[list[Candidate], list[MemoryEdge]]:
    """The candidates' SUPERSEDES neighbours the request admits, as candidates brought in
    (fused 0: no leg found them), and the SUPERSEDES edges among the candidates and all their
    neighbours."""
    ids = [c.memory.id for c in candidates]
    adjacent = {m: relations.superseding[m] for m in ids if relations.superseding.get(m)}
    if not adjacent:
        return [], []
    outside = sorted({n for m in ids for n in adjacent.get(m, [])} - set(ids))
    near = {*ids, *outside}
    updates = [
        e
        for e in relations.edges
        if e.type is EdgeType.SUPERSEDES and e.source in near and e.target in near
    ]
    brought = [
        Candidate(
            memory=memory,
            fused=0.0,
            similarity=float(gathered.similarity.get(memory_id, 0.0)),
            legs={},
            terms={"survival": 1.0},
        )
        for memory_id in outside
        if (memory := gathered.facets.get(memory_id)) is not None and ranking.admits(memory)
    ]
    return brought, updates


def stale_ends(updates: Sequence[MemoryEdge], listed: Collection[str], earlier: bool) -> list[str]:
    """The memories an update may rank below another, among `listed`: the updated ones (with
    `earlier`, historical intent: the updates); the session turns around them are demoted or
    passed with them."""
    return sorted({e.source if earlier else e.target for e in updates} & set(listed))


def prefer_updates(
    candidates: Sequence[Candidate],
    updates: Sequence[MemoryEdge],
    factor: float,
    *,
    earlier: bool = False,
    rings: Rings | None = None,
) -> dict[str, float]:
    """Each updated candidate below its update: just below it for a detected update, demoted
    for a written one; the oldest statements first, so an update of an update inherits the
    lifted score. With `earlier` (historical intent) the other way round: each update that no
    candidate updated in turn — the current value — below what it updated. Answers the share
    of its score each demoted candidate kept."""
    by_id = {c.memory.id: c for c in candidates}
    links = [
        e
        for e in updates
        if e.type is EdgeType.SUPERSEDES
        and e.source != e.target
        and e.source in by_id
        and e.target in by_id
    ]
    if earlier:
        updated = {e.target for e in links}
        pairs = [(by_id[e.target], by_id[e.source], e) for e in links if e.source not in updated]
    else:
        pairs = [(by_id[e.source], by_id[e.target], e) for e in links]
    pairs.sort(key=lambda p: (p[1].memory.created_at, p[1].memory.id, p[0].memory.id))
    #: The memories on either side of an update: a turn around a stale memory that is one
    #: itself is ranked by its own updates.
    sides = {e.source for e in links} | {e.target for e in links}
    kept: dict[str, float] = {}
    for preferred, demoted, edge in pairs:
        stale, update = (preferred, demoted) if earlier else (demoted, preferred)
        stale.updated = True
        if stale.updated_by is None:
            stale.updated_by = update.memory.id
        if edge.created_by is EdgeCreator.DETECTOR:
            # A detected update is evidence too weak to remove anything: the preferred
            # memory moves to just above the other and the turns around it in its session
            # (`rings`), which keep their scores and places below it.
            block = [
                by_id[m].score
                for ring in (rings or {}).get(demoted.memory.id, [])
                for m in ring
                if m in by_id and m not in sides
            ]
            ceiling = max([demoted.score, *block])
            if preferred.score <= ceiling:
                preferred.terms["lifted"] = ceiling
                preferred.score = math.nextafter(ceiling, math.inf) * (1 + _ABOVE)
            # It states the same slot as the other: it passes the similarity floor with it.
            preferred.fused = max(preferred.fused, demoted.fused)
            preferred.similarity = max(preferred.similarity, demoted.similarity)
            preferred.terms.setdefault("updates", 1.0)
            demoted.terms.setdefault("updates", 1.0)
            continue
        undemoted = demoted.score / kept.get(demoted.memory.id, 1.0)
        # An amended memory was marked and already kept `superseded_factor` as its survival
        # (current intent only).
        keep = (
            1.0
            if not earlier and demoted.memory.superseded_by == preferred.memory.id
            else 1.0 - edge.weight * (1.0 - factor)
        )
        if keep < 1.0:
            kept[demoted.memory.id] = kept.get(demoted.memory.id, 1.0) * keep
            demoted.score *= keep
            demoted.terms["updates"] = kept[demoted.memory.id]
        if preferred.score < undemoted:
            preferred.terms["lifted"] = undemoted
            preferred.score = undemoted
            preferred.fused = max(preferred.fused, demoted.fused)
            # It states the same attribute as the demoted one: it passes the similarity
            # floor with it.
            preferred.similarity = max(preferred.similarity, demoted.similarity)
        preferred.terms.setdefault("updates", 1.0)
    return kept


def demote_stale_sessions(
    candidates: Sequence[Candidate],
    preferred: Collection[str],
    kept: Mapping[str, float],
    rings: Rings,
) -> set[str]:
    """The candidates near a demoted one in its session keep the share of their score it kept
    (the least, when near several); a preferred memory (the other side of an update), and a
    memory demoted itself, keep theirs. Answers the ids so demoted."""
    by_id = {c.memory.id: c for c in candidates}
    share: dict[str, float] = {}
    for old, keep in kept.items():
        for ring in rings.get(old, []):
            for memory_id in ring:
                if memory_id not in kept and memory_id not in preferred and memory_id in by_id:
                    share[memory_id] = min(share.get(memory_id, 1.0), keep)
    for memory_id, keep in share.items():
        near = by_id[memory_id]
        near.score *= keep
        near.terms["updates"] = keep
    return set(share)


def sink_within_k(candidates: Sequence[Candidate], detected: Sequence[MemoryEdge], k: int) -> None:
    """For current intent, each candidate in the top k that a detected update also in the top
    k updates moves down to the bottom of the top k, above every candidate ranked below it:
    the stale value leaves the first places to what replaced it, but evidence as weak as the
    detector's never pushes it out of what relevance put in the top k (issue 51). Its
    `updates` term is the share of its score it kept."""
    order = sorted(candidates, key=lambda c: (-c.score, -c.fused, c.memory.id))
    top = {c.memory.id for c in order[:k]}
    stale = {e.target for e in detected if e.source in top and e.target in top}
    if not stale:
        return
    staying = [c for c in order[:k] if c.memory.id not in stale]
    sinking = [c for c in order[:k] if c.memory.id in stale]
    if not staying:
        return
    low = order[k].score if len(order) > k else 0.0
    high = staying[-1].score
    for n, candidate in enumerate(sinking, 1):
        score = low + (high - low) * (len(sinking) + 1 - n) / (len(sinking) + 1)
        if score < candidate.score:
            candidate.terms["updates"] = candidate.terms.get("updates", 1.0) * (
                score / candidate.score
            )
            candidate.score = score


def rank_updates(
    candidates: list[Candidate],
    updates: Sequence[MemoryEdge],
    ranking: Ranking,
    factor: float,
    rings: Rings,
    sink_depth: int | None = None,
) -> None:
    """Each updated candidate below its update, the session turns around a demoted one demoted
    with it, then (current intent) each stale value a detected update passed sunk within the
    top k — the top `sink_depth` when k is larger, so asking for more hits never changes which
    memories the first `sink_depth` are (issue 53: asked for 20, a stale value sank to place
    20 and took gold turns out of the top 10) —; the candidates scored already."""
    earlier = ranking.intent is Intent.HISTORICAL
    kept = prefer_updates(candidates, updates, factor, earlier=earlier, rings=rings)
    if kept:
        preferred = {e.target if earlier else e.source for e in updates}
        around = demote_stale_sessions(candidates, preferred, kept, rings)
        if not earlier:  # the turns around a stale statement: previous with it
            for candidate in candidates:
                candidate.updated |= candidate.memory.id in around
    if not earlier:
        detected = [e for e in updates if e.created_by is EdgeCreator.DETECTOR]
        depth = ranking.k if sink_depth is None else min(ranking.k, sink_depth)
        sink_within_k(candidates, detected, depth)
