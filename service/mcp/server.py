"""`retentia mcp`: the memory tools over the Model Context Protocol (stdio), under the tool and
argument names of the Genesys engine's open-source successor, papez (`papez/server.py`,
`papez/mcp/tools.py`), so an agent configured for it switches by changing the command.

The tools call Retentia's use cases directly (the services `compose` builds: the one door for
writes, recall and search, explain, core preferences, promotion) on one tenant, named by
`--org/--project` or the default org and project of the settings. Answers are JSON text; a
failure is a result with `isError` set and the text `{"error": message, "retryable": bool}`:
never retryable when the same call would fail again — arguments that do not fit the tool's
schema, invalid input, a memory that does not exist, a conflict, storage that could not be
opened — and otherwise (the storage or the embedder failing) retryable only for the read
tools: a failed write may have landed in part, so reconcile with a read rather than retry blind.
A store or amend sent with an `idempotency_key` is safe to retry: the retry answers as the
first call did (`retryable` is true for the one conflict that asks for a retry: the first call
with this key is still being written).

The server answers `initialize` and `tools/list` at once and opens the embedder and the
storage in the background (a first start loads the model for ~15 s); tool calls wait for them.

This module is the lifecycle — opening the tools, one call, the server — over the pieces
beside it: `arguments` (the tools' argument models), `schema_shaping` (their input schemas),
`catalogue` (the tool list), `handlers/` (one module per concern), `serialise` (the answers),
`failures` (how a failure answers), `toolset` (what a handler gets).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from typing import Any

import mcp_types as types
from mcp.server import Server, ServerRequestContext
from pydantic import ValidationError

from schema import RetentiaError, Tenant
from schema.idempotency import IdempotencyConflict
from service import compose
from service.mcp import INSTRUCTIONS, SERVER_NAME
from service.mcp.catalogue import TOOL_NAMES, TOOLS, tool_list
from service.mcp.failures import (
    StorageUnopened,
    answer,
    error_code,
    failure,
    retryable_after,
    validation_message,
)
from service.mcp.serialise import plain
from service.mcp.toolset import MemoryTools
from service.runtime import observability
from service.settings import Settings

log = logging.getLogger(__name__)


@asynccontextmanager
async def open_tools(settings: Settings, tenant: Tenant) -> AsyncIterator[MemoryTools]:
    """The use cases composed as `retentia serve` composes them (beside a running service, its
    embedded FalkorDB is shared)."""
    async with compose.open_service(settings, tenant, share_running=True) as uses:
        log.info("memory tools ready for tenant %s on %s", tenant, uses.backend_name)
        yield MemoryTools(
            tenant,
            uses.writes,
            uses.memories,
            uses.recall,
            uses.explain,
            uses.core,
            uses.promotion,
            uses.context,
        )


#: The memory tools for one call: (the tool's name, the transport's request — the HTTP request
#: on `/mcp`, None on stdio) → the tools on the caller's tenant, or an `AuthError`.
Opener = Callable[[str, object | None], Awaitable[MemoryTools]]


async def call_tool(
    tools: Opener, name: str, arguments: Mapping[str, Any] | None, request: object | None = None
) -> types.CallToolResult:
    """One tool call: validate, run, answer; every failure becomes `{error, code, retryable}`."""
    spec = next((t for t in TOOLS if t.name == name), None)
    if spec is None:
        message = f"unknown tool {name!r}; the tools are {', '.join(TOOL_NAMES)}"
        return failure(message, False, "InvalidInput")
    try:
        args = spec.arguments.model_validate(dict(arguments or {}))
    except ValidationError as e:
        return failure(validation_message(e, spec.arguments), False, "InvalidInput")
    try:
        result = await spec.run(await tools(name, request), args)
    except IdempotencyConflict as e:  # retryable while the first call is still writing
        log.info("tool %s failed: %s", name, e)
        return failure(str(e), e.retryable, error_code(e))
    except RetentiaError as e:
        log.info("tool %s failed: %s", name, e)
        return failure(str(e), retryable_after(e, read=spec.read), error_code(e))
    except Exception as e:  # answered, never raised: an agent turn must not die on memory
        log.exception("tool %s failed unexpectedly", name)
        return failure(
            f"{type(e).__name__}: {e}", retryable_after(e, read=spec.read), error_code(e)
        )
    return answer(plain(result))


def build_server(tools: Opener) -> Server[Any]:
    """The MCP server over the (possibly still opening) memory tools."""

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tool_list())

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        with observability.request_context(uuid.uuid4().hex[:16]):
            return await call_tool(tools, params.name, params.arguments, ctx.request)

    return Server(
        SERVER_NAME,
        instructions=INSTRUCTIONS,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )


class _Opening:
    """Opens the memory tools in the background and keeps them open until `close()`."""

    def __init__(self, settings: Settings, tenant: Tenant) -> None:
        self._settings = settings
        self._tenant = tenant
        self._ready: asyncio.Future[MemoryTools] = asyncio.get_running_loop().create_future()
        self._closed = asyncio.Event()
        self._task = asyncio.create_task(self._hold())

    async def tools(self, name: str = "", request: object | None = None) -> MemoryTools:
        """The one tenant's tools, whatever the tool and the request (stdio has no callers to
        tell apart)."""
        return await asyncio.shield(self._ready)

    async def _hold(self) -> None:
        try:
            async with open_tools(self._settings, self._tenant) as tools:
                self._ready.set_result(tools)
                await self._closed.wait()
        except Exception as e:
            log.exception("the memory tools could not be opened")
            if not self._ready.done():
                self._ready.set_exception(
                    StorageUnopened(
                        f"the memory store could not be opened: {e}; fix that and restart the "
                        "MCP server"
                    )
                )

    async def close(self) -> None:
        self._closed.set()
        if not self._ready.done():
            self._task.cancel()
        with suppress(asyncio.CancelledError):
            await self._task


async def call_stdio_tool(
    opening: _Opening, name: str, arguments: Mapping[str, Any] | None, request: object | None
) -> types.CallToolResult:
    """One tool call of the stdio server (`service.mcp.stdio`), on its opening tools."""
    with observability.request_context(uuid.uuid4().hex[:16]):
        return await call_tool(opening.tools, name, arguments, request)
