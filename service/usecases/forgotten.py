"""Forgotten memories: what the forgetting sweep took out of the present, listed and restored
(docs/adr/0032).

A maintenance pass moves a forgotten memory into the tenant's archive with its edges, the facts
it asserted and why it went (`service.usecases.maintenance`), and purges it for good after
`forgotten_retention_days`. Here it comes back: by id, or every memory one pass forgot (its
`forgotten_at`, the pass's instant). A restored memory is stored as it was forgotten, embedded
again, linked again to every edge end that is in the present, asserting again the facts that
still exist; its lifecycle clocks restart at the restore (`received_at`), so the next pass
does not forget it again at once: it is new here again (`imported_keep_days`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from graph_backends.protocol import MAX_EXPORT_PAGE, Backend
from schema import ForgottenMemory, InvalidInput, Memory, NotFound, Tenant, parse_memory_id
from schema.facts import FactWrite
from service.runtime import metrics
from service.usecases.memories import MemoryService

#: Ids one restore may name (a whole pass is named by its instant instead).
MAX_RESTORE_IDS = 1000


@dataclass
class Restoration:
    """What a restore did: the memories back in the present, the ids not in the archive, and
    how many edges and fact assertions came back with them."""

    restored: list[str] = field(default_factory=list)
    not_found: list[str] = field(default_factory=list)
    edges: int = 0
    facts: int = 0


class ForgottenService:
    def __init__(self, memories: MemoryService) -> None:
        self._memories = memories

    async def page(
        self, tenant: Tenant, *, first: int, after: str | None = None
    ) -> list[ForgottenMemory]:
        """Forgotten memories in id order, `first` at a time past `after`."""
        if not 1 <= first <= MAX_EXPORT_PAGE:
            raise InvalidInput("first", f"{first} is outside 1–{MAX_EXPORT_PAGE}")
        if not await self._memories.ready_to_read(tenant):
            return []
        return await self._memories.repository.forgotten_page(tenant, limit=first, after=after)

    async def get(self, tenant: Tenant, memory_id: str) -> ForgottenMemory | None:
        if not await self._memories.ready_to_read(tenant):
            return None
        (found,) = await self._memories.repository.get_forgotten(
            tenant, [parse_memory_id(memory_id)]
        )
        return found

    async def missing(self, tenant: Tenant, memory_id: str) -> NotFound:
        """The `NotFound` for a memory not in the present, saying where it stands when the
        forgetting sweep keeps it."""
        kept = await self.get(tenant, memory_id)
        if kept is None:
            return NotFound("memory", memory_id)
        days = self._memories.engine.forgotten_retention_days
        until = (
            "for ever"
            if days <= 0
            else f"until {(kept.forgotten_at + timedelta(days=days)).isoformat()}"
        )
        return NotFound(
            "memory",
            memory_id,
            f"it was forgotten by the maintenance pass at {kept.forgotten_at.isoformat()} and "
            f"is kept {until} among the forgotten memories (forgottenMemories); bring it back "
            "with restoreForgotten(ids: [...])",
        )

    async def restore(
        self,
        tenant: Tenant,
        ids: Sequence[str] = (),
        *,
        forgotten_at: datetime | None = None,
    ) -> Restoration:
        """Bring back the forgotten memories named by `ids` and every one forgotten at the
        instant `forgotten_at` (one maintenance pass)."""
        if not ids and forgotten_at is None:
            raise InvalidInput("ids", "name the memories to restore, or a pass's forgottenAt")
        if len(ids) > MAX_RESTORE_IDS:
            raise InvalidInput("ids", f"{len(ids)} ids; the limit is {MAX_RESTORE_IDS}")
        wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
        done = Restoration()
        if not await self._memories.ready_to_read(tenant):
            done.not_found = wanted
            return done
        repository = self._memories.repository
        records = {r.id: r for r in await repository.get_forgotten(tenant, wanted) if r is not None}
        done.not_found = [i for i in wanted if i not in records]
        if forgotten_at is not None:
            async for page in _pages(repository, tenant):
                records.update({r.id: r for r in page if r.forgotten_at == forgotten_at})
        if not records:
            return done
        live = await repository.existing_ids(tenant, list(records))
        now = self._memories.now()
        back = [_returning(r.memory, now) for i, r in records.items() if i not in live]
        if back:
            await self._memories.ready(tenant)
            await self._memories.guard.check_write(tenant)
            vectors = await self._memories.embedder.embed([m.content for m in back])
            await repository.upsert_memories(
                tenant,
                [
                    m.model_copy(update={"embedding": tuple(v)})
                    for m, v in zip(back, vectors, strict=True)
                ],
            )
        done.edges = await _relink(repository, tenant, list(records.values()))
        done.facts = await _reassert(repository, tenant, list(records.values()), now)
        await repository.delete_forgotten(tenant, list(records))
        done.restored = sorted(records)
        metrics.MEMORIES_RESTORED.inc(len(back))
        return done


def _returning(memory: Memory, now: datetime) -> Memory:
    """The memory as it comes back: as it was forgotten, its lifecycle clocks restarted."""
    return memory.model_copy(update={"received_at": now, "last_evaluated_at": None})


async def _pages(repository: Backend, tenant: Tenant) -> AsyncIterator[list[ForgottenMemory]]:
    after: str | None = None
    while page := await repository.forgotten_page(tenant, after=after, limit=MAX_EXPORT_PAGE):
        yield page
        after = page[-1].id


async def _relink(repository: Backend, tenant: Tenant, records: Sequence[ForgottenMemory]) -> int:
    """Link again every kept edge whose two ends are in the present now (the restored ones
    included); an edge to a memory still forgotten comes back with it, from its record."""
    edges = {(e.source, e.target, e.type): e for r in records for e in r.edges}
    ends = {end for source, target, _ in edges for end in (source, target)}
    present = await repository.existing_ids(tenant, sorted(ends))
    linked = [e for e in edges.values() if e.source in present and e.target in present]
    if linked:
        await repository.link(tenant, linked)
    return len(linked)


async def _reassert(
    repository: Backend, tenant: Tenant, records: Sequence[ForgottenMemory], now: datetime
) -> int:
    """Link each restored memory again to the facts it asserted that still exist."""
    pairs = [(fact, r.id) for r in records for fact in r.facts]
    if not pairs or not await repository.holds_facts(tenant):
        return 0
    found = await repository.get_facts(tenant, sorted({f for f, _ in pairs}))
    alive = {f.id for f in found if f is not None}
    links = [(f, m) for f, m in pairs if f in alive]
    if links:
        await repository.commit_facts(
            tenant, keys=(), fingerprints=(), now=now, plan=lambda _: FactWrite(links=links)
        )
    return len(links)
