"""uvicorn's h11 protocol with each response written to the socket once.

uvicorn writes a response's status line and headers, then its body, as two socket writes, and
on loopback each write wakes the client's process; the service's event loop is its busiest
thread under load, and socket writes were its largest single cost (`bench/methods.md`, load
bench). `CoalescingH11Protocol` gives h11 a transport that holds what is written until the
response is complete — then sends it as one write — or, for anything written outside a
response (a 100-continue, a refused request), until the end of the event loop's turn.
Everything else the protocol asks of the transport goes to the real one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any, cast

from uvicorn.protocols.http.h11_impl import H11Protocol


class HeldWrites:
    """A transport whose writes are held and sent together by `flush` (called at the latest
    at the end of the turn in which the first was held)."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._held: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._held:
            asyncio.get_running_loop().call_soon(self.flush)
        self._held.append(bytes(data))

    def writelines(self, lines: Iterable[bytes | bytearray | memoryview]) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        if self._held:
            data = b"".join(self._held)
            self._held.clear()
            self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class CoalescingH11Protocol(H11Protocol):
    """`H11Protocol` writing each response in one socket write (`HeldWrites`)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(cast(asyncio.Transport, HeldWrites(transport)))

    def on_response_complete(self) -> None:
        cast(HeldWrites, self.transport).flush()
        super().on_response_complete()
