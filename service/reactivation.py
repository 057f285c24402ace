"""Reactivation: the direct write every recall hit gets, and the cascade it sends through the
supportive graph (DESIGN §4).

A direct recall appends a presentation (raising activation), counts toward the frequency
shield, updates stability and validates the memory's machine-made links. The cascade walks
≤ `cascade_hops` hops over causal and supportive edges with strength `cascade_base`^hop; reached
memories (seeds excluded) get `cascade_count += 1` and `last_reactivated_at = now` but no
presentation, so their score is unchanged — and a dormant one reached with strength ≥
`revive_strength` revives to episodic. The cascade is written in place by the engine
(`record_cascade`): a recall reaches ~140 memories, and reading and rewriting them whole was
the largest cost of a recall under load.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graph_backends import GraphRepository, fact_store
from schema import SUPPORTIVE_TYPES, Memory, NotFound, Tenant, parse_memory_id
from schema.models import MAX_REACTIVATION_TIMESTAMPS
from service.engine_settings import EngineSettings
from service.lifecycle import REVIVES_FROM, REVIVES_TO, may_revive
from service.memories import MemoryService
from service.retention import cascade_strength, stability_after_recall

_DIRECT_FIELDS = (
    "reactivation_timestamps",
    "reactivation_count",
    "stability",
    "last_accessed_at",
    "last_reactivated_at",
)


@dataclass(frozen=True, slots=True)
class ReactivationReport:
    direct: tuple[str, ...]
    #: Memory id → the strongest cascade strength that reached it.
    cascaded: dict[str, float]
    revived: tuple[str, ...]
    validated_auto_links: int


#: Most memories one cascade hop reaches per seed (the per-seed walk's bound before).
_MAX_REACHED_PER_SEED = 500


async def _cascade_hops(
    repository: GraphRepository, tenant: Tenant, seeds: Sequence[str], depth: int
) -> dict[str, int]:
    """Hop distance from the nearest seed over supportive edges, either direction: one
    breadth-first walk from every seed at once, one query per hop. A memory's cascade strength
    depends only on its hop count, so the nearest seed's is the strongest — what walking from
    each seed in turn (a query per seed and hop) gave, at a tenth of the round trips."""
    store = fact_store(repository)
    hops = {seed: 0 for seed in seeds}
    frontier = list(seeds)
    limit = _MAX_REACHED_PER_SEED * len(seeds)
    for hop in range(1, depth + 1):
        if not frontier or len(hops) >= limit:
            break
        adjacent = await store.adjacent(tenant, frontier, SUPPORTIVE_TYPES)
        reached = dict.fromkeys(n for m in frontier for n in adjacent.get(m, []) if n not in hops)
        frontier = list(reached)[: limit - len(hops)]
        hops.update((n, hop) for n in frontier)
    return hops


async def _cascade(
    repository: GraphRepository,
    tenant: Tenant,
    seeds: Sequence[str],
    now: datetime,
    s: EngineSettings,
) -> tuple[dict[str, float], list[str]]:
    """The cascade from `seeds`: each reached memory's strength, and the ids it revived."""
    if s.cascade_hops <= 0:
        return {}, []
    hops = await _cascade_hops(repository, tenant, seeds, s.cascade_hops)
    strengths = {m: cascade_strength(hop, s) for m, hop in hops.items() if hop > 0}
    revived = await repository.record_cascade(
        tenant,
        list(strengths),
        now,
        revive=[m for m, strength in strengths.items() if may_revive(strength, s)],
        revive_from=REVIVES_FROM,
        revive_to=REVIVES_TO,
    )
    return strengths, revived


async def _no_cascade() -> tuple[dict[str, float], list[str]]:
    return {}, []


async def reactivate(
    service: MemoryService,
    tenant: Tenant,
    ids: Sequence[str],
    *,
    cascade: bool = True,
    known: Sequence[Memory] = (),
) -> ReactivationReport:
    """Direct reactivation of `ids` (all must exist) and, unless disabled, the cascade.
    `known` are memories of `ids` the caller has just read (a recall's hits): they are not read
    again."""
    s = service.engine
    repository = service.repository
    wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
    given = {m.id: m for m in known}
    unknown = [i for i in wanted if i not in given]
    read = dict(zip(unknown, await service.get(tenant, unknown), strict=True)) if unknown else {}
    found = [given.get(i) or read.get(i) for i in wanted]
    missing = [i for i, m in zip(wanted, found, strict=True) if m is None]
    if missing:
        raise NotFound("memory", missing[0])
    now = service.now()
    direct = []
    for memory in (m for m in found if m is not None):
        keep = (
            MAX_REACTIVATION_TIMESTAMPS
            if s.max_presentations > MAX_REACTIVATION_TIMESTAMPS
            else s.max_presentations
        )
        stamps = (*memory.reactivation_timestamps, now)[-keep:]
        direct.append(
            memory.model_copy(
                update={
                    "reactivation_timestamps": stamps,
                    "reactivation_count": memory.reactivation_count + 1,
                    "stability": stability_after_recall(memory.stability, s),
                    "last_accessed_at": now,
                    "last_reactivated_at": now,
                }
            )
        )
    # The direct writes, the link validation and the cascade touch disjoint properties or
    # memories (the cascade excludes its seeds), so they run together.
    _, validated, (strengths, revived) = await asyncio.gather(
        repository.update_memories(tenant, direct, fields=_DIRECT_FIELDS),
        repository.validate_auto_links(tenant, wanted, now),
        _cascade(repository, tenant, wanted, now, s) if cascade else _no_cascade(),
    )
    return ReactivationReport(
        direct=tuple(wanted),
        cascaded=dict(sorted(strengths.items())),
        revived=tuple(sorted(revived)),
        validated_auto_links=validated,
    )
