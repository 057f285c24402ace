"""`retentia mcp --url URL`: the memory tools of a running Retentia, served to a local agent on
stdio. A desktop agent speaks MCP over stdio; a team's service speaks it at `/mcp` (streamable
HTTP, ADR 0025). This bridge forwards `tools/list` and `tools/call` to that endpoint with the
key (`Authorization: Bearer`) and the project (`X-Retentia-Project`), so every agent of the
team shares one store. A failure to reach or to authenticate with the service is every call's
answer, as the local tools answer theirs (`{error, code, retryable}`); nothing is stored
locally.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import httpx2
import mcp_types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from service.mcp import INSTRUCTIONS, SERVER_NAME

log = logging.getLogger(__name__)


def _failure(message: str, code: str, retryable: bool) -> types.CallToolResult:
    text = json.dumps({"error": message, "code": code, "retryable": retryable})
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


class _Remote:
    """The session with the service's `/mcp`. The MCP client's contexts (an HTTP client, the
    transport's task group, the session) must be entered and left by one task, so one task
    holds them (`run`) and the handlers use the session it publishes; after a failure it is
    reopened for the next call (the service may have restarted)."""

    def __init__(self, url: str, key: str | None, project: str | None) -> None:
        self.endpoint = url.rstrip("/") + "/mcp"
        self._headers = {"Authorization": f"Bearer {key}"} if key else {}
        if project:
            self._headers["X-Retentia-Project"] = project
        self._wanted = asyncio.Event()
        self._broken = asyncio.Event()
        self._ready: asyncio.Future[ClientSession] | None = None
        #: The status of the service's last answer: the SDK turns a 401 into an "error
        #: response" without its status, so the bridge keeps it to say what went wrong.
        self._last_status = 0

    async def run(self) -> None:
        """Open a session whenever a call wants one, hold it until it breaks."""
        while True:
            await self._wanted.wait()
            self._wanted.clear()
            ready = self._ready
            assert ready is not None
            try:
                async with (
                    httpx2.AsyncClient(
                        headers=self._headers,
                        timeout=httpx2.Timeout(30, read=300),
                        event_hooks={"response": [self._record]},
                    ) as client,
                    streamable_http_client(self.endpoint, http_client=client) as (read, write),
                    ClientSession(read, write) as session,
                ):
                    await session.initialize()
                    ready.set_result(session)
                    await self._broken.wait()
            except Exception as e:
                if not ready.done():
                    ready.set_exception(e)
                else:
                    log.debug("the session with %s closed: %s", self.endpoint, e)
            finally:
                self._broken.clear()
                self._ready = None

    async def _record(self, response: httpx2.Response) -> None:
        self._last_status = response.status_code

    async def session(self) -> ClientSession:
        if self._ready is None:
            self._ready = asyncio.get_running_loop().create_future()
            self._wanted.set()
        return await asyncio.shield(self._ready)

    def forget(self) -> None:
        """The session failed: the next call opens another."""
        if self._ready is not None and self._ready.done():
            self._broken.set()

    async def call(self, name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
        try:
            session = await self.session()
            result: types.CallToolResult = await session.call_tool(
                name, arguments or {}, read_timeout_seconds=300
            )
            return result
        except Exception as e:  # answered, never raised: an agent turn must not die on memory
            self.forget()
            return _failure(*self._explain(e))

    def _explain(self, error: Exception) -> tuple[str, str, bool]:
        text = " ".join(str(e) for e in _causes(error)) or type(error).__name__
        if self._last_status == 401 or "401" in text:
            return (
                f"the service at {self.endpoint} refused the key (401): check --key "
                "(RETENTIA_MCP_KEY)",
                "Unauthenticated",
                False,
            )
        if self._last_status == 403 or "403" in text:
            return (f"the service at {self.endpoint} refused: {text}", "Forbidden", False)
        return (f"the service at {self.endpoint} is unreachable: {text}", "Unavailable", True)


def _causes(error: BaseException) -> list[BaseException]:
    """The error and what it wraps (exception groups and causes), for its message."""
    found: list[BaseException] = []
    pending: list[BaseException] = [error]
    while pending:
        current = pending.pop()
        found.append(current)
        if isinstance(current, BaseExceptionGroup):
            pending.extend(current.exceptions)
        if current.__cause__ is not None:
            pending.append(current.__cause__)
    return found


async def serve_remote(url: str, key: str | None, project: str | None) -> None:
    """Serve the remote service's tools on stdin/stdout until the client closes stdin."""
    remote = _Remote(url, key, project)
    holder = asyncio.create_task(remote.run(), name="mcp-remote-session")

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        try:
            listed: types.ListToolsResult = await (await remote.session()).list_tools()
            return listed
        except Exception:
            remote.forget()
            raise

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        return await remote.call(params.name, params.arguments)

    server: Server[Any] = Server(
        SERVER_NAME,
        instructions=INSTRUCTIONS,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    finally:
        holder.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await holder
