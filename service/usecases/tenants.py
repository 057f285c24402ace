"""Each tenant's schema is ensured once per process, on first use."""

from __future__ import annotations

import asyncio

from graph_backends import GraphRepository
from schema import Tenant


class TenantSchemas:
    def __init__(self, repository: GraphRepository) -> None:
        self._repository = repository
        self._ready: set[Tenant] = set()
        self._lock = asyncio.Lock()

    async def ensure(self, tenant: Tenant) -> None:
        if tenant in self._ready:
            return
        async with self._lock:
            if tenant not in self._ready:
                await self._repository.ensure_schema(tenant)
                self._ready.add(tenant)
