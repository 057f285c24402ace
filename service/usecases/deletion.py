"""A delete as every surface makes it (docs/adr/0021): the memories with their edges, and the
facts that only they asserted retracted at that instant — nothing a deleted memory alone said
stays active, while a fact another memory also states stays as it is.

Retracted, not deleted: the fact layer keeps its history, so an as-of read of an earlier
instant still shows what was believed then. Removing the content itself is an erasure
(`service.usecases.erasure`). The facts are retracted before the memories go: a crash in
between leaves the memories, and the delete sent again finishes the job (the other order would
leave active facts that no delete can find any more)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from schema import FactState, Tenant, parse_memory_id
from service.usecases.facts import FactService
from service.usecases.memories import DeleteReport, MemoryService


class DeletionService:
    def __init__(self, memories: MemoryService, facts: FactService) -> None:
        self._memories = memories
        self._facts = facts

    async def delete(self, tenant: Tenant, ids: Sequence[str]) -> DeleteReport:
        """`MemoryService.delete`, with the facts only these memories asserted retracted."""
        wanted = list(dict.fromkeys(parse_memory_id(i) for i in ids))
        if not await self._memories.ready_to_read(tenant):  # nothing to delete or retract
            return await self._memories.delete(tenant, wanted)
        orphaned = await self._facts.asserted_only_by(tenant, wanted)
        active = [f.id for f in orphaned if f.state is FactState.ACTIVE]
        retracted = await self._facts.retract_facts(tenant, active, self._memories.now())
        report = await self._memories.delete(tenant, wanted)
        return replace(report, retracted_facts=tuple(f.id for f in retracted))
