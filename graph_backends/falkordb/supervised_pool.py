"""A connection pool that hands out no connection while the embedded FalkorDB is down.

Every command — a write through `execute_command`, a batched read, a MULTI/EXEC pipeline — takes
its connection from the pool, so asking the supervisor here keeps every command away from a
server that is restarting (one read while it replays its append-only file can abort it,
`embedded._wait_ready`), and answers it at once with the supervisor's `BackendUnavailable`
("… is being restarted; retry shortly") instead of a refused connection retried three times.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from redis.asyncio import BlockingConnectionPool
from redis.asyncio.connection import AbstractConnection


class SupervisedConnectionPool(BlockingConnectionPool):
    """`BlockingConnectionPool` whose `get_connection` first calls `check` (which raises
    `BackendUnavailable` while the server is down)."""

    def __init__(self, check: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._check = check

    async def get_connection(self, *args: Any, **options: Any) -> AbstractConnection:
        self._check()
        # Passed on as given: redis-py warns of any argument, `None` too (deprecated in 5.3).
        connection: AbstractConnection = await super().get_connection(*args, **options)  # type: ignore[no-untyped-call]
        return connection
