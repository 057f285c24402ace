"""Each HTTP response leaves the service in one socket write (`service.runtime.http_protocol`):
uvicorn's h11 protocol over a real socket pair, its transport counting the writes it is asked
for."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from service.runtime.http_protocol import CoalescingH11Protocol, HeldWrites


class CountingTransport:
    """A real transport that counts the writes that reach it (an empty one sends nothing)."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            self.writes.append(bytes(data))
        self._transport.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await receive()
    body = b"hello " + scope["path"].encode()
    headers = [(b"x-a", b"1"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def exchange(protocol_class: type[H11Protocol], requests: int) -> tuple[list[bytes], bytes]:
    """`requests` keep-alive GETs over a socket pair; the server transport's writes, and
    everything the client read."""
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="off")
    config.load()
    state = ServerState()
    counted: list[CountingTransport] = []

    class Counted(protocol_class):  # type: ignore[valid-type, misc]
        def connection_made(self, transport: asyncio.Transport) -> None:
            counted.append(CountingTransport(transport))
            super().connection_made(counted[-1])

    server_socket, client_socket = socket.socketpair()
    loop = asyncio.get_running_loop()
    await loop.connect_accepted_socket(
        lambda: Counted(config=config, server_state=state, app_state={}), server_socket
    )
    reader, writer = await asyncio.open_connection(sock=client_socket)
    received = b""
    for n in range(requests):
        writer.write(f"GET /r{n} HTTP/1.1\r\nhost: x\r\n\r\n".encode())
        await writer.drain()
        while received.count(b"hello /r") <= n:
            received += await asyncio.wait_for(reader.read(65536), 5)
    writer.close()
    await writer.wait_closed()
    await asyncio.sleep(0.01)
    return counted[0].writes, received


async def test_each_response_is_one_socket_write() -> None:
    writes, received = await exchange(CoalescingH11Protocol, 3)
    assert len(writes) == 3
    for n, data in enumerate(writes):
        assert data.startswith(b"HTTP/1.1 200 OK\r\n") and data.endswith(f"hello /r{n}".encode())
        assert b"x-a: 1" in data
    assert received == b"".join(writes)


async def test_plain_uvicorn_writes_head_and_body_apart() -> None:
    """What the protocol changes (and that the counting sees it)."""
    writes, received = await exchange(H11Protocol, 1)
    assert len(writes) == 2 and writes[1] == b"hello /r0"
    assert received == b"".join(writes)


async def test_writes_outside_a_response_go_at_the_end_of_the_turn() -> None:
    server_socket, client_socket = socket.socketpair()
    loop = asyncio.get_running_loop()
    transport, _ = await loop.connect_accepted_socket(asyncio.Protocol, server_socket)
    counting = CountingTransport(transport)  # type: ignore[arg-type]
    held = HeldWrites(counting)  # type: ignore[arg-type]
    held.write(b"one ")
    held.write(b"")
    held.writelines([b"two ", b"three"])
    assert counting.writes == []
    await asyncio.sleep(0)
    assert counting.writes == [b"one two three"]
    held.write(b"last")
    held.close()  # what is held goes first
    assert counting.writes == [b"one two three", b"last"]
    client_socket.setblocking(True)
    assert client_socket.recv(100) == b"one two threelast"
    client_socket.close()
    with pytest.raises(AttributeError):
        held.no_such_method  # noqa: B018 - everything else is the real transport's
