"""A store as every surface makes it: the memory, then the facts that come with it (those the
writer gave, written with the memory as their source, and those the configured LLM extracts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from schema import RetentiaError, Tenant
from service.usecases.extraction import MemoryFacts, MemoryFactWriter
from service.usecases.memories import MemoryService, StoreRequest, StoreResult


@dataclass(frozen=True, slots=True)
class Stored:
    """A stored memory (with its machine-made links and conflict hints) and its facts."""

    result: StoreResult
    facts: MemoryFacts


class StoreService:
    """Stores memories with their facts, as every surface stores them."""

    def __init__(self, memories: MemoryService, memory_facts: MemoryFactWriter) -> None:
        self._memories = memories
        self._memory_facts = memory_facts

    async def store(
        self,
        tenant: Tenant,
        request: StoreRequest,
        facts: Sequence[Any] = (),
        *,
        memory_id: str | None = None,
    ) -> Stored:
        """Store one memory, then write its facts; a store that fails writes no facts.
        `memory_id`: as `MemoryService.store` takes it (the facts of a memory already stored
        are written again, which records none twice)."""
        result = await self._memories.store(tenant, request, memory_id=memory_id)
        return Stored(result, await self._memory_facts.after_store(tenant, result.memory, facts))

    async def store_each(
        self,
        tenant: Tenant,
        items: Sequence[tuple[StoreRequest, Sequence[Any]]],
        *,
        memory_ids: Sequence[str] | None = None,
    ) -> list[Stored | RetentiaError]:
        """Store each request on its own merits (`MemoryService.store_each`, `memory_ids`
        included), then write the facts of each memory stored; an item that failed keeps its
        error and gets no facts."""
        results = await self._memories.store_each(
            tenant, [request for request, _ in items], memory_ids=memory_ids
        )
        out: list[Stored | RetentiaError] = []
        for (_, facts), result in zip(items, results, strict=True):
            if isinstance(result, RetentiaError):
                out.append(result)
            else:
                written = await self._memory_facts.after_store(tenant, result.memory, facts)
                out.append(Stored(result, written))
        return out
