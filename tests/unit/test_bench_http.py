"""The load generator's HTTP/1.1 client (bench/harness/http_client.py) against a real loopback
server that answers by length, by chunks and by closing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from bench.harness.http_client import Connection, HttpError

ANSWERS = {
    b"/length": b'HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{"a": "b"}\n',
    b"/chunked": (
        b"HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n"
        b'4\r\n{"a"\r\n6;ext=1\r\n: "bc"\r\n1\r\n}\r\n0\r\nX-Trailer: t\r\n\r\n'
    ),
    b"/close": b'HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n{"e": 1}',
    b"/garbage": b"SSH-2.0-OpenSSH\r\n\r\n",
}


@pytest.fixture
async def server() -> AsyncIterator[tuple[str, list[bytes]]]:
    """A loopback server answering each request by its path; it records every request."""
    seen: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while head := await reader.readuntil(b"\r\n\r\n"):
            length = next(
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            )
            seen.append(head + await reader.readexactly(length))
            path = head.split()[1]
            writer.write(ANSWERS[path])
            await writer.drain()
            if path in (b"/close", b"/garbage"):
                writer.close()
                return

    srv = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    async with srv:
        yield f"http://127.0.0.1:{port}", seen


async def test_reads_answers_by_length_and_by_chunks_on_one_connection(
    server: tuple[str, list[bytes]],
) -> None:
    url, seen = server
    connection = Connection(url, timeout=5)
    first = await connection.post("/length", {"q": "x"}, {"X-Retentia-Org": "o"})
    second = await connection.post("/chunked", {"q": "y"}, {})
    await connection.aclose()
    assert (first.status_code, first.json()) == (200, {"a": "b"})
    assert (second.status_code, second.json()) == (201, {"a": "bc"})
    head, _, body = seen[0].partition(b"\r\n\r\n")
    assert head.startswith(b"POST /length HTTP/1.1\r\n")
    assert b"X-Retentia-Org: o" in head and json.loads(body) == {"q": "x"}


async def test_reopens_after_the_server_closes_and_names_a_non_http_answer(
    server: tuple[str, list[bytes]],
) -> None:
    url, seen = server
    connection = Connection(url, timeout=5)
    closed = await connection.post("/close", {}, {})
    again = await connection.post("/length", {}, {})
    assert (closed.status_code, closed.json(), again.status_code) == (500, {"e": 1}, 200)
    with pytest.raises(HttpError, match=r"not an HTTP/1\.x status line"):
        await connection.post("/garbage", {}, {})
    assert (await connection.post("/length", {}, {})).status_code == 200
    await connection.aclose()
    assert len(seen) == 4


def test_refuses_a_url_it_cannot_speak_to() -> None:
    with pytest.raises(ValueError, match="http:// URL"):
        Connection("https://example.org", timeout=1)
