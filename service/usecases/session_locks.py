"""Session locks: one store of a session at a time, from reading where its new turns go in the
session's chain to writing them — across every process on the backend, not only this one
(embedding, classifying and the similarity reads for auto-links happen before).

Each stored turn follows its session's newest memory (a TEMPORAL_SEQUENCE edge). Two stores of
one session that both read the newest turn before either wrote would both follow it, and the
session would fork into a tree that recall's session walk reads as two conversations. So a
store holds, per session it names:

- an asyncio lock, so this process's stores of the session queue here and not in the database;
- then a lease in the database (`session:<name>`, the repository's leases that the reconciler
  and maintenance also use), so replicas, MCP servers and CLI commands sharing the backend queue
  too. The lease is taken by polling with backoff and lasts `LEASE_TTL`: a process killed
  while holding one delays that session's stores by at most that long, never forks it.

The turns are stamped when their store holds the locks, so the newest by time is the last
written (on one machine the processes share a clock; replicas on several machines order by
their own clocks, as well as NTP keeps them). A turn stored with its own creation instant
(imported history) keeps it and is placed between the turns around that instant, read and
written under the same locks.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime, timedelta
from typing import Final, Protocol, runtime_checkable
from weakref import WeakValueDictionary

from schema import Conflict, Tenant

#: How long a session lease lasts unless released (a crashed holder's sessions wait this long).
LEASE_TTL: Final = timedelta(seconds=30)
#: How long a store waits for another process's store of the same session before giving up.
LEASE_WAIT: Final = timedelta(seconds=40)
_FIRST_POLL_S: Final = 0.002
_LAST_POLL_S: Final = 0.05


@runtime_checkable
class Leases(Protocol):
    """The repository's named leases (`FactRepository.acquire_lease` / `release_lease`)."""

    async def acquire_lease(
        self, tenant: Tenant, name: str, owner: str, now: datetime, ttl: timedelta
    ) -> bool: ...

    async def release_lease(self, tenant: Tenant, name: str, owner: str) -> None: ...


class SessionBusy(Conflict):
    """Another process has held a session's lease for longer than a store waits: retryable."""

    retryable: Final = True

    def __init__(self, session: str) -> None:
        super().__init__(
            f"session {session!r} is being written by another process for longer than "
            f"{LEASE_WAIT.total_seconds():.0f} s; retry the request"
        )
        self.session = session


def lease_name(session: str) -> str:
    return f"session:{session}"


class SessionLocks:
    def __init__(
        self, leases: Leases | None = None, clock: Callable[[], datetime] | None = None
    ) -> None:
        #: A lock lives while a store holds or awaits it, then drops out by itself.
        self._locks: WeakValueDictionary[tuple[str, str], asyncio.Lock] = WeakValueDictionary()
        self._leases = leases
        self._clock = clock
        #: This process's name as a lease owner (its own stores are serialised by the locks).
        self._owner = f"store:{uuid.uuid4().hex}"

    @asynccontextmanager
    async def hold(self, tenant: Tenant, sessions: Iterable[str]) -> AsyncIterator[None]:
        """Hold the locks of `sessions`, taken in a fixed order so two batches naming the same
        sessions cannot wait on each other — in this process, then in the database."""
        names = sorted(set(sessions))
        locks = [self._lock((tenant.key, s)) for s in names]
        async with AsyncExitStack() as stack:
            for lock in locks:
                await stack.enter_async_context(lock)
            if self._leases is not None and self._clock is not None:
                for name in names:
                    await stack.enter_async_context(self._lease(tenant, name))
            yield

    @asynccontextmanager
    async def _lease(self, tenant: Tenant, session: str) -> AsyncIterator[None]:
        assert self._leases is not None and self._clock is not None
        name = lease_name(session)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LEASE_WAIT.total_seconds()
        pause = _FIRST_POLL_S
        while not await self._leases.acquire_lease(
            tenant, name, self._owner, self._clock(), LEASE_TTL
        ):
            if loop.time() >= deadline:
                raise SessionBusy(session)
            await asyncio.sleep(pause)
            pause = min(pause * 2, _LAST_POLL_S)
        try:
            yield
        finally:
            # Released even when the store failed; a cancelled release expires by itself.
            await asyncio.shield(self._leases.release_lease(tenant, name, self._owner))

    def _lock(self, key: tuple[str, str]) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock
