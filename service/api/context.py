"""Per-request context: the tenant named by the request and fresh DataLoaders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from strawberry.dataloader import DataLoader

from schema import Degrees, InvalidInput, Memory, Tenant, build
from schema.facts import ExtractionRecord
from service.extraction import MemoryFactWriter
from service.facts import FactService
from service.maintenance import Summarizer
from service.memories import MemoryService

ORG_HEADER = "x-retentia-org"
PROJECT_HEADER = "x-retentia-project"


@dataclass(frozen=True, slots=True)
class Services:
    """What the lifespan builds once and every request shares."""

    memories: MemoryService
    default_tenant: Tenant
    summarizer: Summarizer
    facts: FactService
    memory_facts: MemoryFactWriter


@dataclass(frozen=True, slots=True)
class Loaders:
    memories: DataLoader[str, Memory | None]
    degrees: DataLoader[str, Degrees | None]
    extractions: DataLoader[str, ExtractionRecord | None]


@dataclass
class Context:
    request: Request
    response: Any
    services: Services
    _tenant: Tenant | InvalidInput
    _loaders: Loaders | None

    def tenant(self) -> Tenant:
        """The request's tenant; raises `InvalidInput` if its headers named an invalid one."""
        if isinstance(self._tenant, InvalidInput):
            raise self._tenant
        return self._tenant

    @property
    def loaders(self) -> Loaders:
        self.tenant()
        assert self._loaders is not None
        return self._loaders


def _loaders(services: Services, tenant: Tenant) -> Loaders:
    memories = services.memories

    async def load_memories(ids: list[str]) -> list[Memory | None]:
        return await memories.get(tenant, ids)

    async def load_degrees(ids: list[str]) -> list[Degrees | None]:
        return await memories.degrees(tenant, ids)

    async def load_extractions(ids: list[str]) -> list[ExtractionRecord | None]:
        return await services.facts.repository.get_extractions(tenant, ids)

    return Loaders(
        memories=DataLoader(load_fn=load_memories),
        degrees=DataLoader(load_fn=load_degrees),
        extractions=DataLoader(load_fn=load_extractions),
    )


def build_context(request: Request, response: Any) -> Context:
    services: Services = request.app.state.services
    org = request.headers.get(ORG_HEADER, services.default_tenant.org)
    project = request.headers.get(PROJECT_HEADER, services.default_tenant.project)
    try:
        tenant: Tenant | InvalidInput = build(Tenant, org=org, project=project)
    except InvalidInput as e:
        tenant = e
    loaders = _loaders(services, tenant) if isinstance(tenant, Tenant) else None
    return Context(request, response, services, tenant, loaders)
