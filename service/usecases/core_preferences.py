"""Per-tenant core preferences: categories promoted to core automatically, only with approval,
or never. Stored as a configuration entry of the tenant's graph."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from schema import Category, InvalidInput, Memory, MemoryStatus, NotFound, Tenant, parse_memory_id
from service.usecases.memories import MemoryService

PREFERENCES_KEY = "core_preferences"
CANDIDATES_KEY = "core_candidates"


@dataclass(frozen=True, slots=True)
class CorePreferences:
    #: Promoted to core at the next maintenance pass, score or not (a per-tenant fast path).
    auto: frozenset[Category] = field(default_factory=frozenset)
    #: Reaching the promotion threshold makes a memory a candidate awaiting approval.
    approval: frozenset[Category] = field(default_factory=frozenset)
    #: Never promoted.
    excluded: frozenset[Category] = field(default_factory=frozenset)

    def to_json(self) -> str:
        return json.dumps({k: sorted(getattr(self, k)) for k in ("auto", "approval", "excluded")})


def preferences(
    auto: Collection[str] = (), approval: Collection[str] = (), excluded: Collection[str] = ()
) -> CorePreferences:
    """Validated preferences: known categories, each in at most one list."""
    parsed: dict[str, frozenset[Category]] = {}
    for name, values in (("auto", auto), ("approval", approval), ("excluded", excluded)):
        try:
            parsed[name] = frozenset(Category(v) for v in values)
        except ValueError as e:
            raise InvalidInput(name, f"{e}; categories are {', '.join(Category)}") from e
    seen: dict[Category, str] = {}
    for name, values_ in parsed.items():
        for category in values_:
            if category in seen:
                raise InvalidInput(
                    name,
                    f"{category} is already in {seen[category]}; a category belongs to one list",
                )
            seen[category] = name
    return CorePreferences(parsed["auto"], parsed["approval"], parsed["excluded"])


class CorePreferencesService:
    """The tenant's core preferences, its candidates awaiting approval, and its core memories."""

    def __init__(self, memories: MemoryService) -> None:
        self._memories = memories

    async def get_preferences(self, tenant: Tenant) -> CorePreferences:
        if not await self._memories.ready_to_read(tenant):
            return CorePreferences()
        raw = await self._memories.repository.get_config(tenant, PREFERENCES_KEY)
        if raw is None:
            return CorePreferences()
        data = json.loads(raw)
        return preferences(data.get("auto", ()), data.get("approval", ()), data.get("excluded", ()))

    async def set_preferences(self, tenant: Tenant, prefs: CorePreferences) -> CorePreferences:
        await self._memories.ready(tenant)
        await self._memories.repository.put_config(tenant, PREFERENCES_KEY, prefs.to_json())
        return prefs

    async def candidates(self, tenant: Tenant) -> list[str]:
        if not await self._memories.ready_to_read(tenant):
            return []
        raw = await self._memories.repository.get_config(tenant, CANDIDATES_KEY)
        return list(json.loads(raw)) if raw else []

    async def set_candidates(self, tenant: Tenant, ids: Sequence[str]) -> None:
        await self._memories.repository.put_config(
            tenant, CANDIDATES_KEY, json.dumps(sorted(set(ids)))
        )

    async def list_core(
        self, tenant: Tenant, limit: int = 100, after: tuple[datetime, str] | None = None
    ) -> list[Memory]:
        """Core memories newest first; `after` is the (created_at, id) of the last one already
        seen (a page's cursor)."""
        if not await self._memories.ready_to_read(tenant):
            return []
        return await self._memories.repository.memories_with_status(
            tenant, [MemoryStatus.CORE], limit=limit, after=after
        )

    async def approve(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory]:
        """Promote memories to core by hand (candidates awaiting approval, or any memory)."""
        wanted = [parse_memory_id(i) for i in ids]
        found = await self._memories.get(tenant, wanted)
        for memory_id, memory in zip(wanted, found, strict=True):
            if memory is None:
                raise NotFound("memory", memory_id)
        promoted = [m.model_copy(update={"status": MemoryStatus.CORE}) for m in found if m]
        await self._memories.repository.update_memories(tenant, promoted, fields=("status",))
        remaining = [i for i in await self.candidates(tenant) if i not in set(wanted)]
        await self.set_candidates(tenant, remaining)
        return promoted
