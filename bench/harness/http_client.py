"""The load generator's HTTP/1.1 client: one keep-alive connection per worker, a POST written in
one piece and the answer read by its Content-Length (or chunks).

The generator shares the two cores with the service it measures, so what it spends per request
is taken from the service: httpx's AsyncClient spent ~1 ms of CPU per request here (3.5 s of a
45 s level at 77 req/s), this client a fraction of that (bench/methods.md, "Load bench").
Every answer is still read whole and checked as before (status, GraphQL errors, result type).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


class HttpError(Exception):
    """The connection failed or the answer was not HTTP/1.1 this client reads."""


@dataclass(frozen=True, slots=True)
class Response:
    status_code: int
    content: bytes

    def json(self) -> Any:
        return json.loads(self.content)


class Connection:
    """One keep-alive connection to `base_url` (http only), opened on first use and again after
    the server closed it; requests on it go one at a time."""

    def __init__(self, base_url: str, *, timeout: float) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None:
            raise ValueError(f"an http:// URL with a host is needed, not {base_url!r}")
        self._host = parts.hostname
        self._port = parts.port or 80
        self._authority = parts.netloc
        self._timeout = timeout
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, payload: Any, headers: Mapping[str, str]) -> Response:
        body = json.dumps(payload).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        request = (
            f"POST {path} HTTP/1.1\r\nHost: {self._authority}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n{head}\r\n"
        ).encode() + body
        try:
            async with asyncio.timeout(self._timeout):
                if self._writer is None:
                    self._reader, self._writer = await asyncio.open_connection(
                        self._host, self._port
                    )
                assert self._reader is not None
                self._writer.write(request)
                return await self._response(self._reader)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError) as e:
            await self.aclose()
            raise HttpError(f"{type(e).__name__}: {e}") from e
        except HttpError:
            await self.aclose()
            raise

    async def _response(self, reader: asyncio.StreamReader) -> Response:
        status_line = await reader.readline()
        parts = status_line.split(None, 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
            raise HttpError(f"not an HTTP/1.x status line: {status_line[:80]!r}")
        status = int(parts[1])
        length: int | None = None
        chunked = close = False
        while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                close = b"close" in value.lower()
        if chunked:
            content = await self._chunks(reader)
        elif length is not None:
            content = await reader.readexactly(length)
        else:  # the body runs to the end of the connection
            content = await reader.read()
            close = True
        if close:
            await self.aclose()
        return Response(status, content)

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader) -> bytes:
        pieces = []
        while size := int((await reader.readline()).split(b";")[0], 16):
            pieces.append(await reader.readexactly(size))
            await reader.readexactly(2)  # the chunk's CRLF
        while (await reader.readline()) not in (b"\r\n", b"\n", b""):
            pass  # trailers
        return b"".join(pieces)

    async def aclose(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            try:
                await writer.wait_closed()
            except OSError:
                pass
