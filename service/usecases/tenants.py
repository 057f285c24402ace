"""Each tenant's schema is ensured once per process: on its first write, which creates the
tenant, or on the first read of a tenant the database already holds. A read of a tenant that
does not exist creates nothing.

The cache is checked against the database before each write: another process (a replica, the
CLI) may have dropped the tenant since, and a write that trusted the cache would recreate it
bare — on FalkorDB a graph without indexes, on Neo4j memories under no tenant marker. The check
is one existence read (FalkorDB `EXISTS`, Neo4j the marker; SurrealDB lists its namespaces and
databases, two embedded calls). A drop that lands between that read and the write itself is not
covered: that write can still leave the tenant bare, and the next process to open the tenant (a
restart) completes its schema."""

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
        """Before a write: create the tenant if need be and make its schema complete."""
        if tenant in self._ready:
            if await self._repository.tenant_exists(tenant):
                return
            self._ready.discard(tenant)  # dropped by another process since
        async with self._lock:
            if tenant not in self._ready:
                await self._repository.ensure_schema(tenant)
                self._ready.add(tenant)

    async def ensure_existing(self, tenant: Tenant) -> bool:
        """Before a read: whether the tenant exists, its schema made complete (an older
        tenant's indexes added or moved) if it does; nothing is created if it does not."""
        if tenant in self._ready:
            return True
        if not await self._repository.tenant_exists(tenant):
            return False
        await self.ensure(tenant)
        return True

    def forget(self, tenant: Tenant) -> None:
        """After a drop: the next write creates the tenant again, schema and all."""
        self._ready.discard(tenant)
