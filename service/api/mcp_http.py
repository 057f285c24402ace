"""`/mcp`: the memory tools of `retentia mcp` (service.mcp, the same definitions) over
MCP's streamable HTTP transport, with the API keys and tenancy of GraphQL (ADR 0025).

Each request is authenticated from its `Authorization: Bearer <key>` header as a GraphQL
request is (development mode: no key, as GraphQL); a request without a valid key is answered
401 before MCP sees it. The tenant is the key's org and the project of `X-Retentia-Project`
(else the default project); each tool call makes the one `require()` of its permission, and a
refusal (a permission the key lacks, a project it may not name — one answer whether that
project exists or not, as GraphQL's) is a tool error with the GraphQL type's name as `code`.

The transport is stateless with JSON responses: every POST carries a whole exchange and no
session lives in a process, so any replica answers any request (no affinity, nothing lost on a
restart); the price is no server-initiated messages, which none of the tools sends.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from service.api.context import PROJECT_HEADER, Services, request_access, request_id_of
from service.mcp.server import build_server
from service.mcp.toolset import MemoryTools
from service.usecases.auth import DENIALS, Access, AuthError, Permission, require

MCP_PATH: Final = "/mcp"
#: Where the request's `Access` waits for the tool call (the SDK hands the handler the request).
_ACCESS: Final = "retentia.mcp.access"

_READ, _WRITE = Permission.PROJECT_READ, Permission.PROJECT_WRITE
#: The permission each tool's `require()` asks for: the one of the GraphQL operation it mirrors.
TOOL_PERMISSIONS: Final[dict[str, Permission]] = {
    "memory_store": _WRITE,
    "memory_amend": _WRITE,
    "memory_recall": _READ,
    "memory_search": _READ,
    "memory_traverse": _READ,
    "memory_explain": _READ,
    "memory_stats": _READ,
    "pin_memory": _WRITE,
    "unpin_memory": _WRITE,
    "delete_memory": _WRITE,
    "list_core_memories": _READ,
    "set_core_preferences": Permission.CONFIGURATION_WRITE,
    "promote_to_org": _WRITE,
    "memory_context": _READ,
}


async def tools_for(name: str, transported: object | None) -> MemoryTools:
    """The tools on the tenant the request's key may use for tool `name`, or an `AuthError`."""
    if not isinstance(transported, Request):
        raise AuthError("an /mcp tool call came without its HTTP request")
    access: Access = transported.scope[_ACCESS]
    services: Services = transported.app.state.services
    tenant = require(access, TOOL_PERMISSIONS[name]).tenant()
    return MemoryTools(
        tenant,
        services.writes,
        services.memories,
        services.recall,
        services.explain,
        services.core,
        services.promotion,
        services.context,
    )


class McpEndpoint:
    """The ASGI app at `/mcp`; `running()` belongs in the app's lifespan."""

    def __init__(self, max_request_bytes: int) -> None:
        self._manager = StreamableHTTPSessionManager(
            build_server(tools_for),
            stateless=True,
            json_response=True,
            max_request_body_size=max_request_bytes,
        )

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        async with self._manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        request_id = request_id_of(request)
        services: Services | None = getattr(request.app.state, "services", None)
        if services is None:
            response = JSONResponse(
                {"error": "Unavailable", "message": "the service is starting"}, status_code=503
            )
            await response(scope, receive, send)
            return
        project = request.headers.get(PROJECT_HEADER, services.default_tenant.project)
        access = await request_access(request, services, request_id, project)
        if isinstance(access.principal, AuthError):
            DENIALS.labels(reason="unauthenticated").inc()
            response = JSONResponse(
                {"error": "Unauthenticated", "message": str(access.principal)},
                status_code=401,
                headers={"WWW-Authenticate": "Bearer", "X-Request-Id": request_id},
            )
            await response(scope, receive, send)
            return
        scope[_ACCESS] = access
        await self._manager.handle_request(scope, receive, send)
