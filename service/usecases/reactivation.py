"""Reactivation: the direct write every recall hit gets, and the cascade it sends through the
supportive graph (docs/design.md §4.2).

A direct recall appends a presentation (raising activation), counts toward the frequency
shield, updates stability and validates the memory's machine-made links. The cascade walks
≤ `cascade_hops` hops over causal and supportive edges with strength `cascade_base`^hop; reached
memories (seeds excluded) get `cascade_count += 1` and `last_reactivated_at = now` but no
presentation, so their score is unchanged — and a dormant one reached with strength ≥
`revive_strength` revives to episodic. The cascade is written in place by the engine
(`record_cascade`): a recall reaches ~140 memories, and reading and rewriting them whole was
the largest cost of a recall under load.

`ReactivationService.reactivate_recalls` applies the reactivations of several recalls at once
(what `service.usecases.reactivation_queue` collects while one batch is written): each memory is
read fresh once and gets one presentation per recall that hit it, one walk serves every recall's
cascade, and each reached memory counts every cascade that reached it — the same result as
applying the recalls one by one, in fewer round trips.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from graph_backends import (
    Backend,
    Presentation,
    PresentedRecalls,
    PresentsInPlace,
    ReactivationWrites,
)
from schema import SUPPORTIVE_TYPES, Memory, NotFound, Tenant, parse_memory_id
from schema.models import MAX_REACTIVATION_TIMESTAMPS
from service.engine.lifecycle import REVIVES_FROM, REVIVES_TO, may_revive
from service.engine.retention import cascade_strength, stability_after_recall
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService

_DIRECT_FIELDS = (
    "reactivation_timestamps",
    "reactivation_count",
    "stability",
    "last_accessed_at",
    "last_reactivated_at",
)


@dataclass(frozen=True, slots=True)
class Recalled:
    """The hits of one recall (memory ids), reactivated as of `at`."""

    ids: tuple[str, ...]
    at: datetime


@dataclass(frozen=True, slots=True)
class ReactivationReport:
    direct: tuple[str, ...]
    #: Memory id → the strongest cascade strength that reached it.
    cascaded: dict[str, float]
    revived: tuple[str, ...]
    validated_auto_links: int


#: Most memories one cascade hop reaches per seed (the per-seed walk's bound before).
_MAX_REACHED_PER_SEED = 500


def _hops(
    adjacency: Mapping[str, Sequence[str]], seeds: Sequence[str], depth: int
) -> dict[str, int]:
    """Hop distance from the nearest seed over `adjacency`, breadth first, at most `depth`
    hops and `_MAX_REACHED_PER_SEED` memories per seed. A memory's cascade strength depends
    only on its hop count, so the nearest seed's is the strongest."""
    hops = {seed: 0 for seed in seeds}
    frontier = list(hops)
    limit = _MAX_REACHED_PER_SEED * len(hops)
    for hop in range(1, depth + 1):
        if not frontier or len(hops) >= limit:
            break
        reached = dict.fromkeys(n for m in frontier for n in adjacency.get(m, ()) if n not in hops)
        frontier = list(reached)[: limit - len(hops)]
        hops.update((n, hop) for n in frontier)
    return hops


async def _walk(
    repository: Backend, tenant: Tenant, seeds: Sequence[str], depth: int
) -> dict[str, list[str]]:
    """The supportive neighbours (either direction) of the memories within `depth - 1` hops of
    `seeds`, as `_hops` walks them: one walk from every seed at once, one query per hop — all
    that the cascade of any subset of `seeds` needs."""
    adjacency: dict[str, list[str]] = {}
    for hop in range(depth):
        within = _hops(adjacency, seeds, hop)
        frontier = [m for m in within if m not in adjacency]
        if not frontier or len(within) >= _MAX_REACHED_PER_SEED * len(set(seeds)):
            break
        found = await repository.adjacent(tenant, frontier, SUPPORTIVE_TYPES)
        adjacency.update((m, found.get(m, [])) for m in frontier)
    return adjacency


def _reached(
    adjacency: Mapping[str, Sequence[str]], seed_sets: Sequence[Sequence[str]], s: EngineSettings
) -> tuple[Counter[str], dict[str, float]]:
    """The cascades from each set of seeds (one per recall; a recall's own seeds are not part
    of its cascade): how many reached each memory, and the strongest strength that did."""
    times: Counter[str] = Counter()
    strengths: dict[str, float] = {}
    for seeds in seed_sets:
        for m, hop in _hops(adjacency, seeds, s.cascade_hops).items():
            if hop > 0:
                times[m] += 1
                strengths[m] = max(strengths.get(m, 0.0), cascade_strength(hop, s))
    return times, strengths


def _kept_presentations(s: EngineSettings) -> int:
    """How many presentation times a memory keeps (its latest)."""
    return min(MAX_REACTIVATION_TIMESTAMPS, s.max_presentations)


def _presented(
    memory: Memory, times: Sequence[datetime], cascaded_at: datetime | None, s: EngineSettings
) -> Memory:
    """`memory` after a direct recall at each of `times` (in order) and, if a cascade of the
    same batch reached it, that cascade's stamp (`cascaded_at`, the batch's latest time)."""
    keep = _kept_presentations(s)
    stability = memory.stability
    for _ in times:
        stability = stability_after_recall(stability, s)
    last = max(times)
    return memory.model_copy(
        update={
            "reactivation_timestamps": (*memory.reactivation_timestamps, *times)[-keep:],
            "reactivation_count": memory.reactivation_count + len(times),
            "stability": stability,
            "last_accessed_at": last,
            "last_reactivated_at": last if cascaded_at is None else max(last, cascaded_at),
        }
    )


async def _no_adjacency() -> dict[str, list[str]]:
    return {}


async def _reactivate_in_place(
    repository: PresentsInPlace,
    tenant: Tenant,
    hits: Sequence[Sequence[str]],
    times: Mapping[str, Sequence[datetime]],
    at: datetime,
    walks: bool,
    s: EngineSettings,
) -> ReactivationReport:
    """`reactivate_recalls` where the engine applies the direct recalls to the memories as
    stored (`PresentsInPlace`): nothing is read but the walk. A hit deleted since its recall
    is no longer in the graph, so as a seed it reaches nothing, and the write leaves it out."""
    adjacency = (
        await _walk(cast(Backend, repository), tenant, list(times), s.cascade_hops) if walks else {}
    )
    reached, strengths = _reached(adjacency, hits, s)
    presented = PresentedRecalls(
        [Presentation(i, ts, max(*ts, at) if i in reached else max(ts)) for i, ts in times.items()],
        keep=_kept_presentations(s),
        stability_increment=s.stability_increment,
    )
    found, validated, revived = await repository.write_presentations(
        tenant, presented, _writes((), list(times), reached, strengths, at, s)
    )
    kept = set(found)
    return ReactivationReport(
        direct=tuple(i for i in times if i in kept),
        cascaded=dict(sorted(strengths.items())),
        revived=tuple(sorted(revived)),
        validated_auto_links=validated,
    )


def _writes(
    direct: Sequence[Memory],
    validate_links_of: Sequence[str],
    reached: Mapping[str, int],
    strengths: Mapping[str, float],
    at: datetime,
    s: EngineSettings,
) -> ReactivationWrites:
    return ReactivationWrites(
        direct=direct,
        fields=_DIRECT_FIELDS,
        validate_links_of=validate_links_of,
        reached=reached,
        at=at,
        revive=[m for m, strength in strengths.items() if may_revive(strength, s)],
        revive_from=REVIVES_FROM,
        revive_to=REVIVES_TO,
    )


class ReactivationService:
    """Reactivations written now: of memories named by id, or of recalls' hits in batches."""

    def __init__(self, memories: MemoryService) -> None:
        self._memories = memories

    def now(self) -> datetime:
        return self._memories.now()

    async def reactivate_recalls(
        self,
        tenant: Tenant,
        recalls: Sequence[Recalled],
        *,
        cascade: bool = True,
    ) -> ReactivationReport:
        """Direct reactivation of every recall's hits and, unless disabled, their cascades, with
        the result of applying the recalls one after another — except that every cascade of the
        batch stamps `last_reactivated_at` with the batch's latest recall time. Hits are read now,
        or updated by the engine where they are stored (`PresentsInPlace`), so reactivations
        applied since a recall read them are kept; hits deleted since are left out. One read of
        the hits and one walk serve every recall; each memory is written once."""
        service = self._memories
        s = service.engine
        repository = service.repository
        recalls = sorted(recalls, key=lambda r: r.at)
        hits = [list(dict.fromkeys(parse_memory_id(i) for i in r.ids)) for r in recalls]
        times: dict[str, list[datetime]] = {}
        for recall, ids in zip(recalls, hits, strict=True):
            for memory_id in ids:
                times.setdefault(memory_id, []).append(recall.at)
        if not times:
            return ReactivationReport((), {}, (), 0)
        walks = cascade and s.cascade_hops > 0
        at = recalls[-1].at
        if isinstance(repository, PresentsInPlace):
            # The tenant may have been dropped since the recalls (by another process): their
            # reactivation writes nothing and must not bring it back. One existence read; a
            # drop between it and the write is not covered (see `service/usecases/tenants.py`).
            if not await service.still_exists(tenant):
                return ReactivationReport((), {}, (), 0)
            return await _reactivate_in_place(repository, tenant, hits, times, at, walks, s)
        read, adjacency = await asyncio.gather(
            service.get(tenant, list(times)),
            _walk(repository, tenant, list(times), s.cascade_hops) if walks else _no_adjacency(),
        )
        found = [m for m in read if m is not None]
        present = {m.id for m in found}
        reached, strengths = _reached(
            adjacency, [[i for i in ids if i in present] for ids in hits], s
        )
        direct = [_presented(m, times[m.id], at if m.id in reached else None, s) for m in found]
        validated, revived = await repository.write_reactivations(
            tenant, _writes(direct, list(present), reached, strengths, at, s)
        )
        return ReactivationReport(
            direct=tuple(m.id for m in found),
            cascaded=dict(sorted(strengths.items())),
            revived=tuple(sorted(revived)),
            validated_auto_links=validated,
        )

    async def reactivate(
        self,
        tenant: Tenant,
        ids: Sequence[str],
        *,
        cascade: bool = True,
    ) -> ReactivationReport:
        """Direct reactivation of `ids` now (all must exist) and, unless disabled, the cascade."""
        service = self._memories
        wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
        missing = [
            i for i, m in zip(wanted, await service.get(tenant, wanted), strict=True) if m is None
        ]
        if missing:
            raise NotFound("memory", missing[0])
        return await self.reactivate_recalls(
            tenant, [Recalled(tuple(wanted), service.now())], cascade=cascade
        )
