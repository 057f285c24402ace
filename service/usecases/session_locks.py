"""One asyncio lock per (tenant, source session), held from reading where a session's new turns
go in its chain to writing them (embedding, classifying and the similarity reads for
auto-links happen before).

Each stored turn follows its session's newest memory (a TEMPORAL_SEQUENCE edge). Two stores of
one session that both read the newest turn before either wrote would both follow it, and the
session would fork into a tree that recall's session walk reads as two conversations. Within
a process the read and the write are serialised per session, and the turns are stamped when
they take the lock, so the newest by time is the last written; stores of other sessions do
not wait. (Processes sharing a backend are not serialised against each other.) A turn stored
with its own creation instant (imported history) keeps it and is placed between the turns
around that instant, read and written under the same lock.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from weakref import WeakValueDictionary

from schema import Tenant


class SessionLocks:
    def __init__(self) -> None:
        #: A lock lives while a store holds or awaits it, then drops out by itself.
        self._locks: WeakValueDictionary[tuple[str, str], asyncio.Lock] = WeakValueDictionary()

    @asynccontextmanager
    async def hold(self, tenant: Tenant, sessions: Iterable[str]) -> AsyncIterator[None]:
        """Hold the locks of `sessions`, taken in a fixed order so two batches naming the same
        sessions cannot wait on each other."""
        locks = [self._lock(key) for key in sorted({(tenant.key, s) for s in sessions})]
        async with AsyncExitStack() as stack:
            for lock in locks:
                await stack.enter_async_context(lock)
            yield

    def _lock(self, key: tuple[str, str]) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock
