"""One asyncio lock per (tenant, source session), held from reading a session's newest turn
to writing the turns that follow it (embedding, classifying and the similarity reads for
auto-links happen before).

Each stored turn follows its session's newest memory (a TEMPORAL_SEQUENCE edge). Two stores of
one session that both read the newest turn before either wrote would both follow it, and the
session would fork into a tree that recall's session walk reads as two conversations. Within
a process the read and the write are serialised per session, and the turns are stamped when
they take the lock, so the newest by time is the last written; stores of other sessions do
not wait. (Processes sharing a backend are not serialised against each other.)
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import AsyncExitStack, asynccontextmanager

from schema import Tenant


class SessionLocks:
    def __init__(self) -> None:
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}
        self._users: dict[tuple[str, str], int] = {}

    @asynccontextmanager
    async def hold(self, tenant: Tenant, sessions: Iterable[str]) -> AsyncIterator[None]:
        """Hold the locks of `sessions` (in a fixed order, so two batches naming the same
        sessions cannot wait on each other); each lock is dropped when nobody holds or awaits
        it."""
        keys = sorted({(tenant.key, s) for s in sessions})
        for key in keys:
            self._locks.setdefault(key, asyncio.Lock())
            self._users[key] = self._users.get(key, 0) + 1
        try:
            async with AsyncExitStack() as stack:
                for key in keys:
                    await stack.enter_async_context(self._locks[key])
                yield
        finally:
            for key in keys:
                self._users[key] -= 1
                if not self._users[key]:
                    del self._users[key], self._locks[key]
