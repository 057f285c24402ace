"""The ASGI application: GraphQL at /graphql (GraphiQL offline; API keys unless in development
mode), the MCP tools at /mcp (streamable HTTP, the same keys), /export (a project as NDJSON or
GraphML, same keys), /healthz, /readyz and /metrics (Prometheus)."""

from __future__ import annotations

import asyncio
import logging
import math
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from cross_web import AsyncHTTPRequestAdapter
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse, GraphQLRequestData
from strawberry.http.parse_content_type import parse_content_type
from strawberry.types import ExecutionResult

from schema import RetentiaError
from service import compose
from service.api.context import Context, Services, build_context
from service.api.cors import cross_origin
from service.api.explorer import explorer_assets_dir, render_explorer_html
from service.api.export import export
from service.api.graphiql import graphiql_assets_dir, render_graphiql_html, wants_html
from service.api.limits import INLINE_BODY_BYTES, BodySizeLimit, decode_request_json
from service.api.mcp_http import MCP_PATH, McpEndpoint
from service.api.rate_limit import RateLimit, TokenBuckets
from service.api.schema import build_schema
from service.runtime.heap import settle_after_start
from service.runtime.observability import RequestObservability, observe_operations
from service.settings import Settings
from service.usecases.auth import ApiKeyStore

log = logging.getLogger(__name__)

GRAPHQL_PATH = "/graphql"
#: Where prometheus_client's multiprocess mode keeps each worker's values (set by `serve`).
MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"
GRAPHIQL_STATIC = "/static/graphiql"
EXPLORER_STATIC = "/static/explorer"


def _utc_now() -> datetime:
    return datetime.now(UTC)


#: A request body already decoded (in a worker thread) and what it decoded to.
_DECODED: ContextVar[tuple[bytes, object] | None] = ContextVar("decoded_body", default=None)


class RetentiaGraphQL(GraphQL[Context, None]):
    async def get_context(self, request: Any, response: Any) -> Context:
        return await build_context(request, response)

    async def parse_http_body(
        self, request: AsyncHTTPRequestAdapter
    ) -> GraphQLRequestData | list[GraphQLRequestData]:
        """A JSON body over INLINE_BODY_BYTES is decoded in a worker thread — up to the body
        limit that is a few hundred milliseconds of CPU the event loop (and /healthz) would
        otherwise wait out — and strawberry reads on from the decoded value."""
        content_type, _ = parse_content_type(request.content_type or "")
        if request.method == "POST" and "application/json" in content_type:
            body = await request.get_body()
            if len(body) > INLINE_BODY_BYTES:
                decoded = await asyncio.to_thread(decode_request_json, body)
                token = _DECODED.set((body, decoded))
                try:
                    return await super().parse_http_body(request)
                finally:
                    _DECODED.reset(token)
        return await super().parse_http_body(request)

    def decode_json(self, data: str | bytes) -> object:
        done = _DECODED.get()
        if done is not None and done[0] is data:
            return done[1]
        return decode_request_json(data)

    async def process_result(self, request: Any, result: ExecutionResult) -> GraphQLHTTPResponse:
        """The result, with a top-level error for each denial a resolver met (`deny`)."""
        denials = getattr(request.state, "denials", None)
        if denials:
            result.errors = [*(result.errors or []), *denials]
        return await super().process_result(request, result)

    async def render_graphql_ide(self, request: Any) -> Response:
        return HTMLResponse(render_graphiql_html(GRAPHQL_PATH, GRAPHIQL_STATIC))

    def should_render_graphql_ide(self, request: Any) -> bool:
        """GraphiQL for a browser's GET: without a query (strawberry's rule), and with one too
        — the page opens with it in the editor, unrun — when the request asks for HTML rather
        than JSON (a browser following a link). Any other GET with a query runs it, as before
        (queries only: strawberry refuses a mutation over GET)."""
        if request.method != "GET":
            return False
        if request.query_params.get("query") is None:
            return super().should_render_graphql_ide(request)
        return self.graphql_ide is not None and wants_html(request.headers.get("accept", ""))


async def healthz(request: Request) -> Response:
    """The process is up and can serve requests again: it fails (503) only when its backend
    never will in this process — an embedded FalkorDB that died and could not be restarted —
    so that a liveness probe restarts it. A backend down for now fails `/readyz` alone."""
    services: Services | None = getattr(request.app.state, "services", None)
    fatal = services.fatal_error() if services is not None else None
    if fatal is not None:
        return JSONResponse({"status": "failed", "reason": fatal}, status_code=503)
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """The backend answers and the default tenant's indexes are present."""
    services: Services | None = getattr(request.app.state, "services", None)
    if services is None:
        return JSONResponse({"status": "starting"}, status_code=503)
    try:
        ready = await services.memories.schema_ready(services.default_tenant)
    except RetentiaError as e:  # the backend's errors (BackendError) among them
        # A keyless probe learns that, not where: the cause may name the server's paths.
        log.info("/readyz: the backend is unavailable: %s", e)
        reason = "the database is unavailable (the service's log says why)"
        return JSONResponse({"status": "unavailable", "reason": reason}, status_code=503)
    if not ready:
        return JSONResponse({"status": "indexes missing"}, status_code=503)
    return JSONResponse({"status": "ready"})


async def explorer(request: Request) -> Response:
    """The graph explorer: a static page; the key it sends with each GraphQL request is the
    user's, so the page itself needs none."""
    return HTMLResponse(render_explorer_html(GRAPHQL_PATH, EXPLORER_STATIC))


async def metrics(request: Request) -> Response:
    """Prometheus exposition of the process's counters; under `retentia serve --workers N`
    (`PROMETHEUS_MULTIPROC_DIR` set), of every worker's together, whichever worker answers."""
    if MULTIPROCESS_DIR in os.environ:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


async def _start_auth(settings: Settings, keys: ApiKeyStore) -> None:
    if settings.dev:
        log.warning(
            "DEVELOPMENT MODE: no authentication; every request on 127.0.0.1 is an org admin"
        )
        return
    if settings.bootstrap_key is not None:
        key = settings.bootstrap_key.get_secret_value()
        await keys.install_bootstrap(settings.default_org, key)
    log.info("API keys required (Authorization: Bearer <key>); create one: retentia keys create")


def create_app(
    settings: Settings,
    *,
    clock: Callable[[], datetime] = _utc_now,
    owns_process: bool = False,
) -> Starlette:
    """The ASGI app. `owns_process` (`retentia serve`): the app is all the process runs, so
    the garbage collector is tuned for it once it has started (`service.runtime.heap`)."""
    default_tenant = compose.default_tenant(settings)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with compose.open_service(
            settings, default_tenant, clock=clock, deferred_reactivation=True, share_running=True
        ) as uses:
            await _start_auth(settings, uses.keys)
            app.state.services = Services(
                writes=uses.writes,
                memories=uses.memories,
                default_tenant=default_tenant,
                erasure=uses.erasure,
                facts=uses.facts,
                keys=uses.keys,
                projects=uses.projects,
                history=uses.history,
                recall=uses.recall,
                explain=uses.explain,
                context=uses.context,
                core=uses.core,
                maintenance=uses.maintenance,
                forgotten=uses.forgotten,
                reactivations=uses.reactivations,
                analytics=uses.analytics,
                subgraph=uses.subgraph,
                dev=settings.dev,
                keyless_introspection=settings.dev or settings.introspection_without_key,
                fatal_error=uses.fatal_error,
                exports=uses.exports,
                promotion=uses.promotion,
            )
            log.info("Retentia ready on backend %s", uses.backend_name)
            if owns_process:
                settle_after_start()
            try:
                async with mcp.running():
                    yield
            finally:
                app.state.services = None

    mcp = McpEndpoint(settings.max_request_bytes)
    graphql = RetentiaGraphQL(
        observe_operations(build_schema()),
        graphql_ide="graphiql" if settings.graphiql else None,
    )
    routes = [
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics),
        Route("/export", export, methods=["GET"]),
        Route(GRAPHQL_PATH, graphql, methods=["GET", "POST"]),
        Route(MCP_PATH, mcp, methods=["GET", "POST", "DELETE"]),
        Mount(GRAPHIQL_STATIC, StaticFiles(directory=graphiql_assets_dir()), name="graphiql"),
        Route("/explorer", explorer, methods=["GET"]),
        Mount(EXPLORER_STATIC, StaticFiles(directory=explorer_assets_dir()), name="explorer"),
    ]
    observe = Middleware(
        RequestObservability, routes=[r.path for r in routes if isinstance(r, Route)]
    )
    limit = Middleware(BodySizeLimit, max_bytes=settings.max_request_bytes)
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[*cross_origin(settings), observe, *rate_limits(settings), limit],
    )


def rate_limits(settings: Settings) -> list[Middleware]:
    """The per-key rate limit, when one is set."""
    if settings.rate_limit is None:
        return []
    burst = settings.rate_limit_burst or max(1, math.ceil(2 * settings.rate_limit))
    return [Middleware(RateLimit, buckets=TokenBuckets(settings.rate_limit, burst))]
