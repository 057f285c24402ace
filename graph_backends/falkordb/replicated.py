"""Cluster mode with `RETENTIA_FALKORDB_WAIT_REPLICAS`: a write is acknowledged only once
`WAIT numreplicas timeout` says enough replicas of the tenant's master have it.

`WAIT` counts the replicas that acknowledged the writes *of the connection it is sent on*, so it
must follow the write on the same connection; redis-py's cluster client hands each command (and
each transaction pipeline, released on `execute`) whichever pooled connection is free. A
`ReplicatedTransaction` holds one connection to the master of the tenant's slot and sends
`[WATCH key]`, then `MULTI`, the queued queries, `EXEC` and `WAIT` on it — the subset of the
transaction pipeline's interface the repository uses (`watch`, `unwatch`, `multi`,
`execute_command`, `execute`).

A queued command refused with ASK/MOVED makes EXEC abort (nothing is written), and the error is
raised for the caller's reroute; a connection lost is raised as redis-py raises it.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import Connection
from redis.exceptions import ResponseError, WatchError

from graph_backends.errors import BackendUnavailable


class ReplicatedTransaction:
    def __init__(self, cluster: RedisCluster, key: str, *, replicas: int, timeout_ms: int) -> None:
        self._cluster = cluster
        self._key = key
        self._replicas = replicas
        self._timeout_ms = timeout_ms
        self._node: ClusterNode | None = None
        self._connection: Connection | None = None
        self._queued: list[tuple[Any, ...]] = []
        self._broken = False

    async def __aenter__(self) -> ReplicatedTransaction:
        slot = self._cluster.keyslot(self._key)
        self._node = self._cluster.nodes_manager.get_node_from_slot(slot, False)
        self._connection = self._node.acquire_connection()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self._node is not None and self._connection is not None
        connection, self._connection = self._connection, None
        if kind is not None or self._broken:
            # A reply may be unread, or a WATCH still set: this socket's state is unknown.
            await connection.disconnect()
        self._node.release(connection)

    async def _call(self, *commands: tuple[Any, ...]) -> list[Any]:
        """Send `commands` in one write and read each reply; error replies are returned, not
        raised (the caller judges them once every reply is read)."""
        assert self._connection is not None
        connection = self._connection
        self._broken = True  # until every reply is read
        await connection.send_packed_command(connection.pack_commands(commands))
        replies: list[Any] = []
        for _ in commands:
            try:
                replies.append(await connection.read_response())
            except ResponseError as e:
                replies.append(e)
        self._broken = False
        return replies

    async def watch(self, key: str) -> None:
        (reply,) = await self._call(("WATCH", key))
        if isinstance(reply, Exception):
            raise reply

    async def unwatch(self) -> None:
        (reply,) = await self._call(("UNWATCH",))
        if isinstance(reply, Exception):
            raise reply

    def multi(self) -> None:
        """Commands queued from here on run in MULTI/EXEC (they always do here)."""

    def execute_command(self, *args: Any) -> None:
        self._queued.append(args)

    async def execute(self) -> list[Any]:
        """MULTI, the queued commands, EXEC and WAIT: the replies of the queued commands."""
        queued, self._queued = self._queued, []
        replies = await self._call(
            ("MULTI",),
            *queued,
            ("EXEC",),
            ("WAIT", self._replicas, self._timeout_ms),
        )
        for reply in replies[1 : 1 + len(queued)]:
            if isinstance(reply, Exception):  # refused while queueing (ASK/MOVED): EXEC aborted
                raise reply
        result, waited = replies[-2], replies[-1]
        if result is None:
            raise WatchError("the watched key changed")
        if isinstance(result, Exception):
            raise result
        for reply in result:  # a query that failed inside EXEC (the others ran)
            if isinstance(reply, Exception):
                raise reply
        if isinstance(waited, Exception):
            raise waited
        if int(waited) < self._replicas:
            raise BackendUnavailable(
                f"the write is on the master but only {waited} of {self._replicas} replicas "
                f"had it after {self._timeout_ms} ms (RETENTIA_FALKORDB_WAIT_REPLICAS); "
                "it may be lost if the master fails now"
            )
        return list(result)
