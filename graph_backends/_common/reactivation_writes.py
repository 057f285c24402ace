"""A reactivation batch's writes (`GraphRepository.write_reactivations`) where a backend has
no cheaper single write, and the batches `record_cascade` cuts its input into, alike on every
backend."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Mapping

from graph_backends.protocol import GraphRepository, ReactivationWrites
from schema import InvalidInput, Tenant, parse_memory_id


def cascade_batches(
    reached: Mapping[str, int], revive: Collection[str], size: int
) -> list[tuple[list[dict[str, object]], list[str]]]:
    """`record_cascade`'s rows (`{"id", "n"}`: a parsed id and how many cascades reached it,
    summed over repeats) and revivable ids (parsed, without repeats), cut into batches of at
    most `size` of each. Counts below 1 are refused."""
    counts: dict[str, int] = {}
    for memory_id, n in reached.items():
        if n < 1:
            raise InvalidInput("reached", f"counts {n} cascades for {memory_id}; at least 1")
        key = parse_memory_id(memory_id)
        counts[key] = counts.get(key, 0) + n
    rows: list[dict[str, object]] = [{"id": i, "n": n} for i, n in counts.items()]
    reviving = list(dict.fromkeys(parse_memory_id(i) for i in revive))
    return [
        (rows[start : start + size], reviving[start : start + size])
        for start in range(0, max(len(rows), len(reviving)), size)
    ]


async def write_reactivations_separately(
    repository: GraphRepository, tenant: Tenant, writes: ReactivationWrites
) -> tuple[int, list[str]]:
    """`write_reactivations` as its three writes, at once: for backends without a cheaper
    single write. They touch disjoint properties, but for a memory both recalled and reached,
    whose `last_reactivated_at` both set to the same value."""

    async def cascade() -> list[str]:
        if not writes.reached:
            return []
        return await repository.record_cascade(
            tenant,
            writes.reached,
            writes.at,
            revive=writes.revive,
            revive_from=writes.revive_from,
            revive_to=writes.revive_to,
        )

    _, validated, revived = await asyncio.gather(
        repository.update_memories(tenant, writes.direct, fields=writes.fields),
        repository.validate_auto_links(tenant, writes.validate_links_of, writes.at),
        cascade(),
    )
    return validated, revived
