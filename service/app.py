"""The ASGI application: GraphQL at /graphql (GraphiQL offline; API keys unless in development
mode), /healthz, /readyz and /metrics (Prometheus)."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from strawberry.asgi import GraphQL

from graph_backends import BackendError, fact_store, open_backend
from schema import Tenant, build
from service.api.context import Context, Services, build_context
from service.api.limits import BodySizeLimit, decode_request_json
from service.api.schema import build_schema
from service.auth import ApiKeyStore
from service.classifier import build_classifier
from service.embedding import Embedder, load_embedder
from service.extraction import MemoryFactWriter, build_extractor
from service.facts import FactService, FaultHook
from service.graphiql import graphiql_assets_dir, render_graphiql_html
from service.heap import settle_after_start
from service.maintenance import build_summarizer
from service.memories import MemoryService
from service.observability import RequestObservability, observe_operations
from service.reactivation_queue import ReactivationQueue
from service.recall import RecallService
from service.settings import Settings
from service.webhooks import WebhookConfig, WebhookSender

log = logging.getLogger(__name__)

GRAPHQL_PATH = "/graphql"
GRAPHIQL_STATIC = "/static/graphiql"


def _utc_now() -> datetime:
    return datetime.now(UTC)


class RetentiaGraphQL(GraphQL[Context, None]):
    async def get_context(self, request: Any, response: Any) -> Context:
        return await build_context(request, response)

    def decode_json(self, data: str | bytes) -> object:
        return decode_request_json(data)

    async def render_graphql_ide(self, request: Any) -> Response:
        return HTMLResponse(render_graphiql_html(GRAPHQL_PATH, GRAPHIQL_STATIC))


async def healthz(request: Request) -> Response:
    """The process is up and serving requests."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """The backend answers and the default tenant's indexes are present."""
    services: Services | None = getattr(request.app.state, "services", None)
    if services is None:
        return JSONResponse({"status": "starting"}, status_code=503)
    try:
        ready = await services.memories.schema_ready(services.default_tenant)
    except BackendError as e:
        return JSONResponse({"status": "unavailable", "reason": str(e)}, status_code=503)
    if not ready:
        return JSONResponse({"status": "indexes missing"}, status_code=503)
    return JSONResponse({"status": "ready"})


async def metrics(request: Request) -> Response:
    """Prometheus exposition of the process's counters."""
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


def _fault_hook(settings: Settings) -> FaultHook | None:
    if settings.fault_injection is None:
        return None
    wanted = settings.fault_injection.removeprefix("exit_")

    def hook(point: str) -> None:
        if point == wanted:
            log.error("fault injection: exiting at %s", point)
            os._exit(70)

    return hook


def _webhook(settings: Settings) -> WebhookSender | None:
    if settings.webhook_url is None:
        return None
    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else ""
    return WebhookSender(
        WebhookConfig(
            url=settings.webhook_url,
            secret=secret.encode(),
            max_attempts=settings.webhook_max_attempts,
            backoff_s=settings.webhook_backoff_s,
            log_path=settings.data_dir.expanduser() / "webhooks.jsonl",
        )
    )


def _openai_key(settings: Settings) -> str | None:
    return settings.openai_api_key.get_secret_value() if settings.openai_api_key else None


def build_fact_writers(
    settings: Settings,
    repository: Any,
    clock: Callable[[], datetime],
    embedder: Embedder | None = None,
) -> tuple[FactService, MemoryFactWriter, WebhookSender | None]:
    webhook = _webhook(settings)
    facts = FactService(
        fact_store(repository),
        clock,
        settings.engine,
        webhook=webhook,
        fault=_fault_hook(settings),
        embedder=embedder,
    )
    key = _openai_key(settings)
    extractor = (
        build_extractor(settings.llm_model, settings.openai_base_url, key)
        if settings.fact_extraction
        else None
    )
    return facts, MemoryFactWriter(facts, extractor), webhook


@dataclass(frozen=True)
class UseCases:
    """The use cases over one repository and embedder, as every entry point composes them."""

    memories: MemoryService
    facts: FactService
    memory_facts: MemoryFactWriter
    recall: RecallService
    reactivations: ReactivationQueue


@asynccontextmanager
async def open_use_cases(
    settings: Settings,
    repository: Any,
    embedder: Embedder,
    clock: Callable[[], datetime],
    tenant: Tenant,
    *,
    deferred_reactivation: bool = False,
) -> AsyncIterator[UseCases]:
    """Memories (ready for `tenant`), the fact writers and recall, sharing one classifier.
    A recall reactivates its hits before it answers, or with `deferred_reactivation` (what
    `retentia serve` does) queues them for the reactivation queue to write just after. On exit
    the queue is drained and the fact webhook sender closed. Used by `retentia serve` and
    `retentia mcp` alike."""
    classifier = build_classifier(
        embedder, settings.llm_model, settings.openai_base_url, _openai_key(settings)
    )
    memories = MemoryService(repository, embedder, clock, settings.engine, classifier=classifier)
    await memories.ready(tenant)
    facts, memory_facts, webhook = build_fact_writers(settings, repository, clock, embedder)
    reactivations = ReactivationQueue(memories)
    recall = RecallService(
        facts.repository,
        embedder,
        clock,
        settings.engine,
        classifier=classifier,
        reactivate=reactivations.submit if deferred_reactivation else reactivations.write_now,
    )
    try:
        yield UseCases(memories, facts, memory_facts, recall, reactivations)
    finally:
        await reactivations.aclose()
        if webhook is not None:
            await webhook.aclose()


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
    the garbage collector is tuned for it once it has started (`service.heap`)."""
    default_tenant = build(Tenant, org=settings.default_org, project=settings.default_project)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        embedder = await load_embedder(settings)
        log.info("embedder %s ready (dimension %d)", embedder.name, embedder.dimension)
        try:
            async with (
                open_backend(settings.backend_config(embedder.dimension)) as repository,
                open_use_cases(
                    settings,
                    repository,
                    embedder,
                    clock,
                    default_tenant,
                    deferred_reactivation=True,
                ) as uses,
            ):
                keys = ApiKeyStore(uses.facts.repository, clock)
                await _start_auth(settings, keys)
                app.state.services = Services(
                    memories=uses.memories,
                    default_tenant=default_tenant,
                    summarizer=build_summarizer(settings),
                    facts=uses.facts,
                    memory_facts=uses.memory_facts,
                    keys=keys,
                    recall=uses.recall,
                    reactivations=uses.reactivations,
                    dev=settings.dev,
                )
                log.info("Retentia ready on backend %s", repository.backend_name)
                if owns_process:
                    settle_after_start()
                try:
                    yield
                finally:
                    app.state.services = None
        finally:
            await embedder.aclose()

    graphql = RetentiaGraphQL(
        observe_operations(build_schema()),
        graphql_ide="graphiql" if settings.graphiql else None,
    )
    routes = [
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics),
        Route(GRAPHQL_PATH, graphql, methods=["GET", "POST"]),
        Mount(GRAPHIQL_STATIC, StaticFiles(directory=graphiql_assets_dir()), name="graphiql"),
    ]
    observe = Middleware(
        RequestObservability, routes=[r.path for r in routes if isinstance(r, Route)]
    )
    limit = Middleware(BodySizeLimit, max_bytes=settings.max_request_bytes)
    return Starlette(routes=routes, lifespan=lifespan, middleware=[observe, limit])
