"""Reads issued in one turn of the event loop reach FalkorDB in one socket write
(`graph_backends.falkordb.read_batch`): each caller gets its own reply, an error reply fails
only its caller, a cancelled caller's command is not sent, and a connection lost mid-batch fails the
callers still waiting and is replaced for the next batch. Against a FalkorDB server of this
module's own (one test kills its clients)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from redis.asyncio import ConnectionPool
from redis.asyncio.connection import Connection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from devtools import falkordb_server
from graph_backends.falkordb.read_batch import ReadBatcher


class CountingConnection(Connection):
    """A real connection that counts its socket writes carrying graph queries (a new
    connection's handshake is not counted)."""

    writes = 0

    async def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        packed = command if isinstance(command, bytes | str) else b"".join(command)
        if b"GRAPH.QUERY" in (packed.encode() if isinstance(packed, str) else packed):
            CountingConnection.writes += 1
        await super().send_packed_command(command, check_health)


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    process, url = falkordb_server.start(tmp_path_factory.mktemp("batch-falkordb"))
    try:
        yield url
    finally:
        falkordb_server.stop(process)


@pytest.fixture
async def pool(server_url: str) -> AsyncIterator[ConnectionPool]:
    pool = ConnectionPool.from_url(
        server_url, connection_class=CountingConnection, decode_responses=True
    )
    try:
        yield pool
    finally:
        await pool.aclose()


def query(text: str) -> tuple[str, ...]:
    return ("GRAPH.QUERY", "batch_graph", text, "--compact")


def value(reply: Any) -> Any:
    """The single value of a compact one-row, one-column reply."""
    return reply[1][0][0][1]


async def test_reads_of_one_turn_share_one_write_and_get_their_own_replies(
    pool: ConnectionPool,
) -> None:
    batcher = ReadBatcher(pool)
    before = CountingConnection.writes
    replies = await asyncio.gather(*(batcher.execute(*query(f"RETURN {n}")) for n in range(12)))
    assert [value(r) for r in replies] == list(range(12))
    assert CountingConnection.writes - before == 1
    # Sent one after another, each command goes alone.
    before = CountingConnection.writes
    for n in range(3):
        assert value(await batcher.execute(*query(f"RETURN {n}"))) == n
    assert CountingConnection.writes - before == 3


async def test_a_turn_larger_than_the_batch_is_sent_as_several_writes(
    pool: ConnectionPool,
) -> None:
    batcher = ReadBatcher(pool, max_batch=4)
    before = CountingConnection.writes
    replies = await asyncio.gather(*(batcher.execute(*query(f"RETURN {n}")) for n in range(10)))
    assert [value(r) for r in replies] == list(range(10))
    assert CountingConnection.writes - before == 3


async def test_an_error_reply_fails_only_its_own_caller(pool: ConnectionPool) -> None:
    batcher = ReadBatcher(pool)
    first, bad, last = await asyncio.gather(
        batcher.execute(*query("RETURN 1")),
        batcher.execute(*query("RETURN nonsense(")),
        batcher.execute(*query("RETURN 3")),
        return_exceptions=True,
    )
    assert value(first) == 1 and value(last) == 3
    assert isinstance(bad, ResponseError)
    # The connection that carried the error reply serves the next batch.
    assert value(await batcher.execute(*query("RETURN 4"))) == 4


async def test_a_caller_cancelled_before_the_write_is_left_out(pool: ConnectionPool) -> None:
    batcher = ReadBatcher(pool)
    marker = "batch_cancelled_marker"
    kept = asyncio.ensure_future(batcher.execute(*query("RETURN 1")))
    dropped = asyncio.ensure_future(
        batcher.execute("GRAPH.QUERY", marker, "CREATE (:Sent)", "--compact")
    )
    await asyncio.sleep(0)  # both queued, the write not yet sent
    dropped.cancel()
    assert value(await kept) == 1
    with pytest.raises(asyncio.CancelledError):
        await dropped
    probe = await batcher.execute("EXISTS", marker)
    assert probe == 0  # the cancelled command never reached the server


async def test_a_connection_lost_mid_batch_fails_the_waiting_callers_and_is_replaced(
    pool: ConnectionPool,
) -> None:
    batcher = ReadBatcher(pool)
    before, kill, after = await asyncio.gather(
        batcher.execute(*query("RETURN 1")),
        batcher.execute("CLIENT", "KILL", "SKIPME", "no"),
        batcher.execute(*query("RETURN 3")),
        return_exceptions=True,
    )
    assert value(before) == 1
    assert isinstance(after, RedisConnectionError | OSError)
    assert not isinstance(kill, BaseException) or isinstance(kill, RedisConnectionError | OSError)
    assert value(await batcher.execute(*query("RETURN 5"))) == 5


async def test_no_connection_fails_every_caller_of_the_batch() -> None:
    pool = ConnectionPool.from_url(
        f"redis://127.0.0.1:{falkordb_server.free_port()}", decode_responses=True
    )
    batcher = ReadBatcher(pool)
    try:
        outcomes = await asyncio.gather(
            *(batcher.execute(*query(f"RETURN {n}")) for n in range(3)), return_exceptions=True
        )
        assert all(isinstance(o, RedisConnectionError | OSError) for o in outcomes)
    finally:
        await pool.aclose()
