"""`retentia mcp`: the memory tools over stdio, answering the handshake before anything heavy.

An agent's desktop starts this process and waits for its answer to `initialize`; the tools
(`service.mcp.server`: the use cases, the storage, the embedder) took ~1.5 s of CPU to import
before that answer could be written. Here only the MCP SDK is imported first; the tools are
imported in a worker thread while the handshake is answered, and the storage opens after them
(`_Opening`). A `tools/list` or `tools/call` that arrives earlier waits for them.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import signal
from types import ModuleType
from typing import Any

import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from schema import Tenant
from service.mcp import INSTRUCTIONS, SERVER_NAME
from service.settings import Settings

log = logging.getLogger(__name__)


async def serve_stdio(settings: Settings, tenant: Tenant) -> None:
    """Serve the tools on stdin/stdout until the client closes stdin, then close the storage
    (the embedded FalkorDB stops cleanly). On SIGTERM or SIGINT the storage is closed the same
    way and the process exits at once: the SDK reads stdin in a worker thread that nothing can
    interrupt, so waiting for the transport to unwind would wait for the client."""
    loop = asyncio.get_running_loop()
    tools_module: asyncio.Future[ModuleType] = loop.create_future()
    openings: list[Any] = []

    async def load() -> None:
        try:
            module = await asyncio.to_thread(importlib.import_module, "service.mcp.server")
        except BaseException as e:  # an import that fails is every call's answer
            tools_module.set_exception(e)
            raise
        openings.append(module._Opening(settings, tenant))
        tools_module.set_result(module)

    loading = asyncio.create_task(load(), name="mcp-tools-import")

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        module = await asyncio.shield(tools_module)
        return types.ListToolsResult(tools=module.tool_list())

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        module = await asyncio.shield(tools_module)
        result: types.CallToolResult = await module.call_stdio_tool(
            openings[0], params.name, params.arguments, ctx.request
        )
        return result

    server: Server[Any] = Server(
        SERVER_NAME,
        instructions=INSTRUCTIONS,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )
    stopping: list[asyncio.Task[None]] = []

    async def close() -> None:
        if not loading.done():
            loading.cancel()
        for opening in openings:
            await opening.close()
        log.info("memory tools closed")

    async def close_and_exit() -> None:
        await close()
        logging.shutdown()
        os._exit(0)

    def on_signal() -> None:
        if not stopping:
            log.info("stopping on a signal")
            stopping.append(loop.create_task(close_and_exit()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal)
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    finally:
        await close()
