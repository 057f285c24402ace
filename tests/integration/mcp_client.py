"""The MCP tests' client side, shared by the stdio and HTTP suites: `retentia mcp` started
through the SDK's own stdio client, a tool call decoded into (is_error, JSON answer), and the raw
JSON-RPC `initialize` request for tests that post to /mcp without the SDK."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp_types import CallToolResult, TextContent

REPO = Path(__file__).resolve().parents[2]
#: A JSON-RPC `initialize` as a client without the SDK sends it.
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "0"},
    },
}
#: The Accept header the streamable HTTP transport requires of every POST to /mcp.
ACCEPT = {"Accept": "application/json, text/event-stream"}


def stdio_server(data_dir: Path, *args: str, **env: str) -> StdioServerParameters:
    """`python -m service.cli mcp ARGS` on `data_dir` (embedded FalkorDB), offline embedder."""
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "service.cli", "mcp", *args],
        env={
            "RETENTIA_DATA_DIR": str(data_dir),
            "HF_HUB_OFFLINE": "1",
            "PYTHONPATH": str(REPO),
            **env,
        },
        cwd=REPO,
    )


@asynccontextmanager
async def stdio_session(
    params: StdioServerParameters, errlog: Path
) -> AsyncIterator[ClientSession]:
    """An initialized session with a fresh server process; its stderr goes to `errlog`."""
    with errlog.open("w") as err:
        async with (
            stdio_client(params, errlog=err) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> tuple[bool, Any]:
    """(is_error, the decoded JSON answer): every answer is one text content holding JSON."""
    result = await session.call_tool(tool, arguments, read_timeout_seconds=300)
    assert isinstance(result, CallToolResult)
    (content,) = result.content
    assert isinstance(content, TextContent)
    return result.is_error, json.loads(content.text)


async def ok(session: ClientSession, tool: str, **arguments: Any) -> Any:
    """The answer of a call that must succeed."""
    failed, answer = await call(session, tool, **arguments)
    assert not failed, answer
    return answer
