"""Update detection on the write path (docs/adr/0027): the SUPERSEDES edges, made by the
detector, from each new memory to the earlier memories of the tenant it updates.

The candidates are the memories the full-text index finds for the new memory's statements
(their content words), the memories nearest to it by vector, and the earlier memories of the
same batch; `service.engine.updates` decides. The edge runs from the later statement to the
earlier one — later by creation instant, then by the order they were stored in (a memory stored
before another with the same instant was said first) — with the detector's confidence as its
weight and the evidence as its reason. Recall ranks by it (`service.usecases.recall`).

The detector knows when it does not know (issue 51): `DetectionRate` watches, per tenant, the
share of its recent stores the detector would link. Over `update_detection_max_share` of the
last `update_detection_window`, the tenant's data are not what the detector can read (every
turn a number, one word in common), and it writes no update edge until the share falls again
— logged once each way and counted in `retentia_update_detection_held_total`. The watch is the
process's own: a second process judges by what it stores itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from typing import Final

from graph_backends import GraphRepository
from schema import EdgeCreator, EdgeType, Memory, MemoryEdge, Tenant, build
from service.engine.updates import Statement, UpdateHint, detect_updates, searchable
from service.runtime import metrics

log = logging.getLogger(__name__)

#: Full-text candidates read per new memory.
CANDIDATES: Final = 10


class DetectionRate:
    """The share of each tenant's last `window` stores the detector would link; `holds`
    says when it is over `max_share` (judged once a quarter of the window is seen)."""

    def __init__(self, window: int, max_share: float) -> None:
        self._window = window
        self._max_share = max_share
        self._recent: dict[Tenant, deque[bool]] = {}
        self._holding: set[Tenant] = set()

    def observe(self, tenant: Tenant, linked: Sequence[bool]) -> bool:
        """Record one batch (for each stored memory, whether the detector linked it) and
        answer whether the tenant's edges are held back now."""
        recent = self._recent.setdefault(tenant, deque(maxlen=self._window))
        recent.extend(linked)
        over = len(recent) * 4 >= self._window and sum(recent) > self._max_share * len(recent)
        if over and tenant not in self._holding:
            self._holding.add(tenant)
            log.warning(
                "update detection held for %s: it would link %d of the last %d memories stored "
                "(over %.0f%%); no update edge is written until the share falls",
                tenant,
                sum(recent),
                len(recent),
                100 * self._max_share,
            )
        elif not over and tenant in self._holding:
            self._holding.discard(tenant)
            log.warning("update detection resumed for %s", tenant)
        return over


async def detect_update_edges(
    repository: GraphRepository,
    tenant: Tenant,
    drafts: Sequence[Memory],
    nearest: Sequence[Sequence[str]],
    rate: DetectionRate | None = None,
) -> dict[str, list[MemoryEdge]]:
    """For each draft (by id), the SUPERSEDES edges it takes part in as the detector found them;
    `nearest` (aligned with `drafts`) are the ids of the stored memories nearest to each. With
    `rate`, none while the tenant's share of linked stores is over its bound."""
    said = [searchable(d.content) for d in drafts]
    wanted = [i for i, s in enumerate(said) if s]
    if not wanted:
        if rate is not None:
            rate.observe(tenant, [False] * len(drafts))
        return {}
    found = await asyncio.gather(
        *(repository.fulltext_search(tenant, _query(said[i]), CANDIDATES) for i in wanted)
    )
    batch_ids = {d.id for d in drafts}
    ids_of = {
        i: list(dict.fromkeys([*(h.memory_id for h in hits), *nearest[i]]))
        for i, hits in zip(wanted, found, strict=True)
    }
    stored_ids = sorted({m for ids in ids_of.values() for m in ids} - batch_ids)
    stored = {
        m.id: m
        for m in (await repository.get_memories(tenant, stored_ids) if stored_ids else [])
        if m is not None
    }
    out: dict[str, list[MemoryEdge]] = {}
    for i in wanted:
        draft = drafts[i]
        earlier_in_batch = [d for d in drafts[:i]]
        others = [stored[m] for m in ids_of[i] if m in stored and m != draft.id]
        others += earlier_in_batch
        for hint in _hints(said[i], others):
            other = next(o for o in others if o.id == hint.memory_id)
            # The later statement updates the earlier one; a stored memory is said before a
            # new one of the same instant, and an earlier item of a batch before a later one.
            newer, older = (other, draft) if other.created_at > draft.created_at else (draft, other)
            out.setdefault(draft.id, []).append(_edge(newer, older, hint))
    if rate is not None and rate.observe(tenant, [d.id in out for d in drafts]):
        metrics.UPDATE_DETECTION_HELD.inc(sum(len(edges) for edges in out.values()))
        return {}
    return out


def _query(statements: Sequence[Statement]) -> str:
    return " ".join(dict.fromkeys(w for s in statements for w in s.words))


def _hints(said: Sequence[Statement], others: Sequence[Memory]) -> list[UpdateHint]:
    return detect_updates(said, [(o.id, o.content) for o in others])


def _edge(newer: Memory, older: Memory, hint: UpdateHint) -> MemoryEdge:
    at = max(newer.created_at, older.created_at)
    return build(
        MemoryEdge,
        source=newer.id,
        target=older.id,
        type=EdgeType.SUPERSEDES,
        weight=hint.confidence,
        reason=f"update detected ({hint.kind}): {hint.evidence}"[:500],
        created_by=EdgeCreator.DETECTOR,
        created_at=at,
        last_validated_at=at,
    )
