"""Conversations stored session by session, as the LongMemEval and number-heavy benches store
them: each session one `store_each` batch at its date (the bench clock set to it), every turn
one memory with its key in `metadata["turn"]` and the session as `source_session`."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from schema import Tenant
from service.usecases.memories import MemoryService, StoreRequest


class Turn(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def content(self) -> str: ...


class Session(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def at(self) -> datetime: ...
    @property
    def turns(self) -> Sequence[Turn]: ...


class Clock(Protocol):
    now: datetime


async def store_sessions(
    memories: MemoryService, tenant: Tenant, sessions: Iterable[Session], clock: Clock
) -> tuple[float, int]:
    """Store every session in order; answers the seconds spent in `store_each` and the update
    edges the detector made. A failed store stops the bench (`SystemExit`)."""
    spent = 0.0
    edges = 0
    for session in sessions:
        clock.now = session.at
        batch = [
            StoreRequest(content=t.content, source_session=session.id, metadata={"turn": t.key})
            for t in session.turns
        ]
        t0 = time.perf_counter()
        results = await memories.store_each(tenant, batch)
        spent += time.perf_counter() - t0
        failed = [r for r in results if isinstance(r, Exception)]
        if failed:
            raise SystemExit(f"{session.id}: store failed: {failed[0]}")
        edges += sum(len(r.updates) for r in results if not isinstance(r, Exception))
    return spent, edges
