"""Reactivation: the direct write every recall hit gets, and the cascade it sends through the
supportive graph (DESIGN §4).

A direct recall appends a presentation (raising activation), counts toward the frequency
shield, updates stability and validates the memory's machine-made links. The cascade walks
≤ `cascade_hops` hops over causal and supportive edges with strength `cascade_base`^hop; reached
memories (seeds excluded) get `cascade_count += 1` and `last_reactivated_at = now` but no
presentation, so their score is unchanged — and a dormant one reached with strength ≥
`revive_strength` revives to episodic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from schema import SUPPORTIVE_TYPES, Direction, NotFound, Tenant, parse_memory_id
from schema.models import MAX_REACTIVATION_TIMESTAMPS
from service.lifecycle import revive
from service.memories import MemoryService
from service.retention import cascade_strength, stability_after_recall

_DIRECT_FIELDS = (
    "reactivation_timestamps",
    "reactivation_count",
    "stability",
    "last_accessed_at",
    "last_reactivated_at",
)
_CASCADE_FIELDS = ("cascade_count", "last_reactivated_at", "status")


@dataclass(frozen=True, slots=True)
class ReactivationReport:
    direct: tuple[str, ...]
    #: Memory id → the strongest cascade strength that reached it.
    cascaded: dict[str, float]
    revived: tuple[str, ...]
    validated_auto_links: int


async def reactivate(
    service: MemoryService, tenant: Tenant, ids: Sequence[str], *, cascade: bool = True
) -> ReactivationReport:
    """Direct reactivation of `ids` (all must exist) and, unless disabled, the cascade."""
    s = service.engine
    repository = service.repository
    wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
    found = await service.get(tenant, wanted)
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
    await repository.update_memories(tenant, direct, fields=_DIRECT_FIELDS)
    validated = await repository.validate_auto_links(tenant, wanted, now)

    strengths: dict[str, float] = {}
    if cascade and s.cascade_hops > 0:
        for seed in wanted:
            hops = await repository.neighbourhood(
                tenant,
                seed,
                depth=s.cascade_hops,
                edge_types=SUPPORTIVE_TYPES,
                direction=Direction.BOTH,
            )
            for memory_id, hop in hops.items():
                if hop > 0 and memory_id not in wanted:
                    strength = cascade_strength(hop, s)
                    strengths[memory_id] = max(strengths.get(memory_id, 0.0), strength)
    reached = [m for m in await repository.get_memories(tenant, list(strengths)) if m is not None]
    revived = []
    updates = []
    for memory in reached:
        status = revive(memory.status, strengths[memory.id], s)
        if status is not memory.status:
            revived.append(memory.id)
        updates.append(
            memory.model_copy(
                update={
                    "cascade_count": memory.cascade_count + 1,
                    "last_reactivated_at": now,
                    "status": status,
                }
            )
        )
    await repository.update_memories(tenant, updates, fields=_CASCADE_FIELDS)
    return ReactivationReport(
        direct=tuple(wanted),
        cascaded=dict(sorted(strengths.items())),
        revived=tuple(revived),
        validated_auto_links=validated,
    )
