"""Read queries issued in one turn of the event loop reach FalkorDB in one socket write.

A recall sends its legs' reads at once (full text, facts, graph, later the four reads of the
candidates), and under load many requests do. A command sent alone costs a socket write and a
wake-up of FalkorDB's network thread, then a read and a wake-up on the way back: a trivial query
alone cost ~50 µs of the client's CPU and ~50 µs of FalkorDB's, in batches of four ~27 and ~30
(measured on loopback here, `bench/methods.md`). `ReadBatcher` queues the commands issued within
one turn, packs them into one write on one pooled connection, reads their replies in order and
resumes each caller as soon as its own reply is in — FalkorDB runs one connection's commands one
after another, as its single query thread runs every query anyway.

Only reads are batched: a write's caller may rely on its order against other connections'.
A reply that is an error fails only its own caller; a broken or timed-out connection fails every
caller still waiting on that write, and the connection is dropped, as redis-py does.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from redis.asyncio import ConnectionPool
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ResponseError

#: Most commands packed into one write (a larger turn is sent as several).
MAX_BATCH: Final = 32

_Queued = tuple[tuple[Any, ...], "asyncio.Future[Any]"]


class ReadBatcher:
    def __init__(self, pool: ConnectionPool, *, max_batch: int = MAX_BATCH) -> None:
        self._pool = pool
        self._max_batch = max_batch
        self._queued: list[_Queued] = []
        #: Writes in flight (kept referenced until done).
        self._sending: set[asyncio.Task[None]] = set()

    async def execute(self, *args: Any) -> Any:
        """Send one command with the others of this turn; its reply (an error reply raises
        `ResponseError`, as `Redis.execute_command` does)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queued.append((args, future))
        if len(self._queued) == 1:
            loop.call_soon(self._flush)
        return await future

    def _flush(self) -> None:
        queued, self._queued = self._queued, []
        for start in range(0, len(queued), self._max_batch):
            task = asyncio.create_task(self._send(queued[start : start + self._max_batch]))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def _send(self, batch: list[_Queued]) -> None:
        batch = [(args, future) for args, future in batch if not future.done()]  # cancelled
        if not batch:
            return
        try:
            connection: AbstractConnection = await self._pool.get_connection()  # type: ignore[no-untyped-call]
        except BaseException as e:  # no connection (or cancelled): nobody is left waiting
            _fail(batch, e)
            if not isinstance(e, Exception):
                raise
            return
        try:
            await connection.send_packed_command(connection.pack_commands(a for a, _ in batch))
            for _, future in batch:
                try:
                    reply = await connection.read_response()
                except ResponseError as e:  # the reply was read whole: the connection is fine
                    if not future.done():
                        future.set_exception(e)
                else:
                    if not future.done():
                        future.set_result(reply)
        except BaseException as e:  # lost, timed out or cancelled mid-reply: the socket is unusable
            await connection.disconnect()
            _fail(batch, e)
            if not isinstance(e, Exception):
                raise
        finally:
            await self._pool.release(connection)


def _fail(batch: list[_Queued], error: BaseException) -> None:
    """Every caller of `batch` still waiting fails with `error` (a cancelled write as a lost
    connection: the callers were not cancelled)."""
    failure = error if isinstance(error, Exception) else ConnectionError("batch cancelled")
    for _, future in batch:
        if not future.done():
            future.set_exception(failure)
