"""Per-request context: who is asking (the API key, or development mode), the request id, and
DataLoaders built for the tenant a `require()` granted."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graphql import GraphQLError
from starlette.requests import Request
from strawberry.dataloader import DataLoader

from schema import Degrees, Memory, RetentiaError, Tenant
from schema.facts import ExtractionRecord, Fact
from service.usecases.analytics import AnalyticsService
from service.usecases.auth import (
    Access,
    ApiKeyStore,
    AuthError,
    Grant,
    Permission,
    Principal,
    authenticate,
    request_tenant,
    require,
)
from service.usecases.context import ContextService
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.erasure import ErasureService
from service.usecases.explain import ExplainService
from service.usecases.export import ExportService
from service.usecases.forgotten import ForgottenService
from service.usecases.history_import import HistoryImporter
from service.usecases.maintenance import MaintenanceService
from service.usecases.projects import ProjectService
from service.usecases.promotion import PromotionService
from service.usecases.reactivation_queue import ReactivationQueue
from service.usecases.reads import FactReads, MemoryReads
from service.usecases.recall import RecallService
from service.usecases.subgraph import SubgraphService
from service.usecases.writes import Writes

ORG_HEADER = "x-retentia-org"
PROJECT_HEADER = "x-retentia-project"
REQUEST_ID_HEADER = "x-request-id"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _never_fatal() -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class Services:
    """What the lifespan builds once and every request shares."""

    #: Every write, through one door (idempotency keys, a store's facts, a delete's
    #: retractions).
    writes: Writes
    memories: MemoryReads
    default_tenant: Tenant
    #: Erasing a subject (docs/adr/0018).
    erasure: ErasureService
    facts: FactReads
    keys: ApiKeyStore
    projects: ProjectService
    #: History files imported through the client's write paths.
    history: HistoryImporter
    recall: RecallService
    explain: ExplainService
    #: Budgeted context blocks (docs/adr/0029).
    context: ContextService
    core: CorePreferencesService
    maintenance: MaintenanceService
    #: What the forgetting sweep kept, listed and restored (docs/adr/0032).
    forgotten: ForgottenService
    #: Recalls' reactivations, written after their answers (settled before each request).
    reactivations: ReactivationQueue
    analytics: AnalyticsService
    #: Bounded subgraphs for the explorer's canvas.
    subgraph: SubgraphService
    #: Promoting to the org with the private links (the `/mcp` tool `promote_to_org`).
    promotion: PromotionService
    #: Development mode (`retentia serve --dev`, loopback only): no keys, every request admin
    #: of the org it names.
    dev: bool = False
    #: Introspection for requests without a valid key (always, in development mode).
    keyless_introspection: bool = False
    #: Why the backend will never serve again in this process (a dead embedded FalkorDB that
    #: could not be restarted), else None: `/healthz` fails on it.
    fatal_error: Callable[[], str | None] = _never_fatal
    #: `GET /export` (service.api.export).
    exports: ExportService | None = None


@dataclass(frozen=True, slots=True)
class Loaders:
    memories: DataLoader[str, Memory | None]
    degrees: DataLoader[str, Degrees | None]
    extractions: DataLoader[str, ExtractionRecord | None]
    asserted_facts: DataLoader[str, list[Fact]]


@dataclass
class Context:
    request: Request
    response: Any
    services: Services
    access: Access
    request_id: str
    _loaders: Loaders | None = None
    #: The denials (Unauthenticated, Forbidden) resolvers met, each a top-level error of the
    #: response too (`service.api.errors.deny`).
    denials: list[GraphQLError] = field(default_factory=list)

    def require(self, permission: Permission) -> Grant:
        """The permission check every resolver makes once, before anything else."""
        grant = require(self.access, permission)
        if self._loaders is None:
            self._loaders = _loaders(self.services, grant)
        return grant

    @property
    def loaders(self) -> Loaders:
        """Batch loaders of the granted tenant; only reachable below a resolver that passed
        `require()`."""
        if self._loaders is None:
            raise RuntimeError("DataLoaders used before require(): a resolver skipped its check")
        return self._loaders


def _loaders(services: Services, grant: Grant) -> Loaders:
    memories = services.memories

    async def load_memories(ids: list[str]) -> list[Memory | None]:
        return await memories.get(grant.tenant(), ids)

    async def load_degrees(ids: list[str]) -> list[Degrees | None]:
        return await memories.degrees(grant.tenant(), ids)

    async def load_extractions(ids: list[str]) -> list[ExtractionRecord | None]:
        return await services.facts.extractions(grant.tenant(), ids)

    async def load_asserted(ids: list[str]) -> list[list[Fact]]:
        return await services.facts.asserted(grant.tenant(), ids)

    return Loaders(
        memories=DataLoader(load_fn=load_memories),
        asserted_facts=DataLoader(load_fn=load_asserted),
        degrees=DataLoader(load_fn=load_degrees),
        extractions=DataLoader(load_fn=load_extractions),
    )


def _request_id(request: Request) -> str:
    """The caller's `X-Request-Id` when it is a sane token, else a fresh one."""
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:16]


async def build_context(request: Request, response: Any) -> Context:
    services: Services = request.app.state.services
    request_id = _request_id(request)
    response.headers["X-Request-Id"] = request_id
    project = request.headers.get(PROJECT_HEADER, services.default_tenant.project)
    access = await request_access(request, services, request_id, project)
    context = Context(request, response, services, access, request_id)
    request.state.denials = context.denials
    return context


async def request_access(
    request: Request, services: Services, request_id: str, project: str
) -> Access:
    """Who the request is (its API key, or development mode) and the org and project it names;
    the tenant's answered recalls are settled first, as for every request of it."""
    org = request.headers.get(ORG_HEADER)
    principal: Principal | AuthError
    if services.dev:
        principal = Principal(
            org=org or services.default_tenant.org, key_id=None, permissions=frozenset()
        )
    else:
        principal = await authenticate(
            services.keys,
            request.headers.get("authorization"),
            services.default_tenant.org,
            request_id,
        )
    if not isinstance(principal, AuthError):
        # The key's own org: a request naming another is denied, and waiting on that org's
        # queue would time its traffic.
        await _settle(services, principal, project)
    return Access(principal, org, project)


def request_id_of(request: Request) -> str:
    """The caller's `X-Request-Id` when it is a sane token, else a fresh one."""
    return _request_id(request)


async def _settle(services: Services, principal: Principal, project: str) -> None:
    """Wait for the reactivations of the tenant's recalls answered so far, so the request
    reads them (a name the request may not use is refused later, by `require()`; a project
    the key may not name is not waited on either, so no timing tells of its traffic)."""
    try:
        tenant = request_tenant(principal.org, project)
    except RetentiaError:
        return
    if principal.reaches(tenant.project):
        await services.reactivations.settle(tenant)
